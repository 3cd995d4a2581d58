/** Wire types of the support console: order search, an order's history and the staff actions (api/API.md). */
import type { JsonValue } from './types';

export const ORDER_KINDS = ['service', 'trial', 'hardware'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  service: 'Service',
  trial: 'Free trial',
  hardware: 'Desk phones',
};

export function isOrderKind(value: unknown): value is OrderKind {
  return typeof value === 'string' && (ORDER_KINDS as readonly string[]).includes(value);
}

/** One row of GET /api/admin/orders. `status` is a lower-case word of its kind (placed, paid, payment_only, ...). */
export interface OrderSearchResult {
  kind: OrderKind;
  id: string;
  orderNumber: string;
  email: string;
  name: string;
  status: string;
  /** ISO 8601. */
  placedAt: string;
  phoneNumbers: string[];
}

export interface OrderSearchPage {
  results: OrderSearchResult[];
  page: number;
  pageCount: number;
  total: number;
  query: string;
}

export interface OrderSearchArgs {
  query: string;
  page: number;
}

export type ActorKind = 'buyer' | 'staff' | 'job' | 'webhook' | 'system';

export interface OrderEventActor {
  kind: ActorKind;
  /** The staff member's e-mail or the job's name; null for the others. */
  name: string | null;
}

export interface OrderEvent {
  /** The event's place in its order, from 1. */
  sequence: number;
  globalPosition: number;
  type: string;
  recordedAt: string;
  actor: OrderEventActor;
  /** What happened, in a sentence written by the server. */
  sentence: string;
}

export interface OrderEmail {
  id: number;
  kind: string;
  subject: string;
  recipient: string;
  createdAt: string;
  sentAt: string | null;
  status: 'queued' | 'sent';
}

export interface OpenPlaceholder {
  /** As the order names it: `placeholder-020`. */
  placeholder: string;
  areaCode: string;
  candidates: string[];
}

export interface OrderActions {
  resendConfirmation: boolean;
  releasableNumbers: string[];
  /** Paid numbers the order could not be given: each is replaced in one click. */
  replaceableNumbers: string[];
  /** Area codes paid for and waiting for a number, with free numbers to pick from. */
  openPlaceholders: OpenPlaceholder[];
  extendTrial: boolean;
}

/** GET /api/admin/orders/{kind}/{id}/history, and the answer of every staff action. */
export interface OrderHistory {
  kind: OrderKind;
  id: string;
  orderNumber: string;
  /** The sequence the state is replayed to. */
  upTo: number;
  lastSequence: number;
  events: OrderEvent[];
  state: JsonValue;
  /** Label and value rows of the replayed state. */
  stateSummary: [string, string][];
  /** The read model's view today, or null. */
  view: JsonValue;
  emails: OrderEmail[];
  actions: OrderActions;
}

export interface OrderRef {
  kind: OrderKind;
  id: string;
}

export interface OrderHistoryArgs extends OrderRef {
  /** Replay to this sequence; undefined for the latest. */
  upTo?: number;
}
