/** Wire types of the staff sign-in and the hardware catalogue as the admin edits it (api/API.md). */

export type StaffRole = 'admin' | 'support';

/** The signed-in staff member, as POST /api/admin/login and GET /api/admin/me answer. */
export interface StaffSession {
  email: string;
  role: StaffRole;
  /** Sent back as the X-CSRF-Token header on every state-changing call. */
  csrfToken: string;
}

export const BRANDS = ['grandstream', 'yealink', 'polycom', 'cisco'] as const;
export type Brand = (typeof BRANDS)[number];

export const BRAND_LABELS: Record<Brand, string> = {
  grandstream: 'Grandstream',
  yealink: 'Yealink',
  polycom: 'Polycom',
  cisco: 'Cisco',
};

export const ITEM_STATUSES = ['draft', 'published', 'archived'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const STATUS_LABELS: Record<ItemStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

export interface HardwareImage {
  id: string;
  url: string;
  filename: string;
}

/** A hardware item as GET /api/admin/hardware/ lists it (any status). Prices in pence, weight in grams. */
export interface AdminHardwareItem {
  id: string;
  brand: Brand | null;
  model: string;
  name: string;
  sku: string;
  pricePence: number;
  originalPricePence: number | null;
  grossWeightGrams: number | null;
  shortDesc: string;
  description: string;
  features: string[];
  compatibility: string[];
  inStock: boolean;
  rating: number;
  /** A missing status displays as published (docs/product-rules.md, Hardware catalogue and admin). */
  status?: ItemStatus | null;
  images: HardwareImage[];
  specs: Record<string, string>;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The body of POST /api/hardware/ and PUT /api/hardware/{id}/. */
export interface HardwareItemBody {
  name: string;
  brand: Brand | null;
  model: string;
  sku: string;
  pricePence: number;
  originalPricePence: number | null;
  grossWeightGrams: number | null;
  shortDesc: string;
  description: string;
  features: string[];
  compatibility: string[];
  rating: number;
  inStock: boolean;
  specs: Record<string, string>;
  status: ItemStatus;
  imageIds: string[];
}

/** POST /api/upload-image/ answers (outside the data envelope). */
export interface UploadedImageResponse {
  success: boolean;
  imageId: string;
  imageUrl: string;
  filename: string;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface FieldChange {
  field: string;
  from: JsonValue;
  to: JsonValue;
}

export interface AuditEntry {
  id: number;
  itemId: string;
  itemName: string;
  actor: string;
  /** ISO 8601. */
  at: string;
  action: string;
  changes: FieldChange[];
}

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

/** `{ success, data }`, the envelope of the hardware and sign-in routes. */
export interface Envelope<T> {
  success: boolean;
  data: T;
}
