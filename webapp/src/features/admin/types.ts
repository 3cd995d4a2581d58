/** Wire types of the staff sign-in and the hardware catalogue as the admin edits it (api/API.md). */
import type { Schema } from '../../lib/api-types';

export type StaffRole = Schema<'Role'>;

/** The signed-in staff member, as POST /api/admin/login and GET /api/admin/me answer. */
export type StaffSession = Schema<'Me'>;

export type Brand = Schema<'Brand'>;
export const BRANDS = ['grandstream', 'yealink', 'polycom', 'cisco'] as const satisfies readonly Brand[];

export const BRAND_LABELS: Record<Brand, string> = {
  grandstream: 'Grandstream',
  yealink: 'Yealink',
  polycom: 'Polycom',
  cisco: 'Cisco',
};

export type ItemStatus = Schema<'ItemStatus'>;
export const ITEM_STATUSES = ['draft', 'published', 'archived'] as const satisfies readonly ItemStatus[];

export const STATUS_LABELS: Record<ItemStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

export type HardwareImage = Schema<'Image'>;

/** A hardware item as GET /api/admin/hardware/ lists it (any status). Prices in pence, weight in grams. */
export type AdminHardwareItem = Omit<Schema<'ItemOut'>, 'status'> & {
  /** A missing status displays as published (docs/product-rules.md, Hardware catalogue and admin). */
  status?: ItemStatus | null;
};

/** The body of POST /api/hardware/ and PUT /api/hardware/{id}/. */
export type HardwareItemBody = Schema<'ItemBody'>;

/** POST /api/upload-image/ answers. */
export type UploadedImageResponse = Schema<'Uploaded'>;

export type FieldChange = Schema<'FieldChange'>;

export type AuditEntry = Schema<'AuditRow'>;

export interface AuditQuery {
  /** The `next` of the page before (older entries); '' for the newest page. */
  before: string;
  perPage: number;
  /** An item id, or '' for every item. */
  item: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  perPage: number;
  /** The cursor of the next (older) page; null on the last page. */
  next: string | null;
}
