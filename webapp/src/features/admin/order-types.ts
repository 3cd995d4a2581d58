/** Wire types of the support console: order search, an order's history and the staff actions (api/API.md). */
import type { Schema } from '../../lib/api-types';

export type OrderKind = Schema<'OrderKind'>;
const ORDER_KINDS = ['service', 'trial', 'hardware'] as const satisfies readonly OrderKind[];

export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  service: 'Service',
  trial: 'Free trial',
  hardware: 'Desk phones',
};

export function isOrderKind(value: unknown): value is OrderKind {
  return typeof value === 'string' && (ORDER_KINDS as readonly string[]).includes(value);
}

/** One row of GET /api/admin/orders. `status` is a lower-case word of its kind (placed, paid, payment_only, ...). */
export type OrderSearchResult = Schema<'Found'>;

export type OrderSearchPage = Schema<'SearchPage'>;

export interface OrderSearchArgs {
  query: string;
  /** A page's `next`: the orders older than its last row ('' for the newest). */
  before: string;
}

export type OrderEventActor = Schema<'ActorOut'>;

export type OrderEvent = Schema<'EventOut'>;

export type OrderEmail = Schema<'EmailOut'>;

export type OpenPlaceholder = Schema<'OpenPlaceholder'>;

export type RefundAction = Schema<'RefundAction'>;

export type CancelAction = Schema<'CancelAction'>;

/** A service order's calls out as an admin may suspend or restore them. */
export type CallsOutAction = Schema<'CallsOutAction'>;

/** POST .../suspend-calls-out and .../restore-calls-out. */
export type CallsOutRequest = Schema<'CallsOutBody'>;

/** POST .../refund and .../propose-refund: some phones, or the whole order without `lines`. */
export type RefundRequest = Schema<'RefundBody'>;

/** POST .../cancel-subscription and .../propose-cancellation. */
export interface CancelRequest {
  when: 'now' | 'periodEnd';
  reason: string;
}

/** POST /api/admin/orders/{kind}/{id}/reset-sip-password: the new password, shown once. */
export type SipPasswordReset = Schema<'SipPasswordOut'>;

/** A number transfer's state (as the buyer's page has it). */
export type TransferState = Schema<'TransferState'>;

/** What staff do to a transfer. */
export type TransferStep = 'submit' | 'setDate' | 'complete' | 'reject';

/** A number transfer as staff act on it: what the losing provider needs, and the steps allowed now. */
export type TransferAction = Schema<'TransferAction'>;

/** POST /api/admin/orders/service/{id}/port: `date` only with setDate, `reason` only with reject. */
export type TransferMove =
  | { number: string; step: 'submit' | 'complete' }
  | { number: string; step: 'setDate'; date: string }
  | { number: string; step: 'reject'; reason: string };

/** One row of GET /api/admin/transfers: a transfer not yet completed or rejected. */
export type OpenTransfer = Schema<'OpenTransfer'>;

/** GET /api/admin/transfers: the longest waiting first. */
export type OpenTransfers = Schema<'OpenTransfers'>;

/** GET /api/admin/orders/{kind}/{id}/history, and the answer of every staff action. */
export type OrderHistory = Schema<'OrderHistory'>;

/** GET /api/admin/orders/{kind}/{id}/calls: the order's call records, newest first, and how many ended each way. */
export type OrderCalls = Schema<'OrderCalls'>;

export type CallRecord = Schema<'CallRecord'>;

export type OutcomeCount = Schema<'OutcomeCount'>;

export interface OrderRef {
  kind: OrderKind;
  id: string;
}

export interface OrderHistoryArgs extends OrderRef {
  /** Replay to this sequence; undefined for the latest. */
  upTo?: number;
}
