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
  /** Newest first, at most 20. */
  results: OrderSearchResult[];
  /** The cursor of the next (older) page, given back as `before`; null on the last page. */
  next: string | null;
  /** The matching orders, counted up to 1,000. */
  total: number;
  /** More than `total` orders match. */
  totalCapped: boolean;
  query: string;
}

export interface OrderSearchArgs {
  query: string;
  /** A page's `next`: the orders older than its last row ('' for the newest). */
  before: string;
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
  /** The order's number transfers, each with the steps staff may take now. */
  ports: PortAction[];
  /** Extensions whose SIP password staff may reset (none once a trial ended unconverted). */
  sipExtensions: string[];
  /** What of a paid hardware order is left to refund (null when nothing is). */
  refund?: RefundAction | null;
  /** A service order's subscription that may be cancelled (null when it may not). */
  cancelSubscription?: CancelAction | null;
}

/** A desk phone of the order with how many are left to refund. */
export interface RefundableLine {
  productId: string;
  name: string;
  unitPrice: number;
  quantity: number;
  quantityLeft: number;
}

export interface RefundAction {
  /** Pence left of what the buyer paid: a whole-order refund gives this back. */
  left: number;
  lines: RefundableLine[];
  /** Admins refund; support staff propose a refund for an admin to carry out. */
  perform: boolean;
}

export interface CancelAction {
  /** Cancelled from the end of its period already: it may still be ended now. */
  atPeriodEndAlready: boolean;
  /** Admins cancel; support staff propose a cancellation. */
  perform: boolean;
}

/** POST .../refund and .../propose-refund: some phones, or the whole order without `lines`. */
export interface RefundRequest {
  lines?: { productId: string; quantity: number }[];
  reason: string;
}

/** POST .../cancel-subscription and .../propose-cancellation. */
export interface CancelRequest {
  when: 'now' | 'periodEnd';
  reason: string;
}

/** POST /api/admin/orders/{kind}/{id}/reset-sip-password: the new password, shown once. */
export interface SipPasswordReset {
  number: string;
  username: string;
  password: string;
}

/** A number transfer's state (as the buyer's page has it). */
export type PortState = 'requested' | 'detailsConfirmed' | 'submitted' | 'dateSet' | 'completed' | 'rejected';

/** What staff do to a transfer. */
export type PortStep = 'submit' | 'setDate' | 'complete' | 'reject';

/** A number transfer as staff act on it: what the losing provider needs, and the steps allowed now. */
export interface PortAction {
  number: string;
  state: PortState;
  stateLabel: string;
  /** Of submit, setDate, complete, reject: those that follow from the state. */
  steps: PortStep[];
  businessDaysOpen: number;
  /** Open longer than the 2-3 business days the shop promises. */
  overdue: boolean;
  accountHolder: string | null;
  currentProvider: string | null;
  billingPostcode: string | null;
  signedName: string | null;
  signedAt: string | null;
  /** YYYY-MM-DD. */
  date: string | null;
  rejectionReason: string | null;
  /** A mobile's PAC code: its authority to move, in place of a letter of authority (staff only). */
  pac?: string | null;
}

/** POST /api/admin/orders/service/{id}/port: `date` only with setDate, `reason` only with reject. */
export type PortMove =
  | { number: string; step: 'submit' | 'complete' }
  | { number: string; step: 'setDate'; date: string }
  | { number: string; step: 'reject'; reason: string };

/** One row of GET /api/admin/ports: a transfer not yet completed or rejected. */
export interface OpenPort {
  orderId: string;
  orderNumber: string;
  email: string;
  number: string;
  state: PortState;
  stateLabel: string;
  requestedAt: string;
  date: string | null;
  businessDaysOpen: number;
  overdue: boolean;
}

/** GET /api/admin/ports: the longest waiting first. */
export interface OpenPorts {
  ports: OpenPort[];
  /** How many are past the 2-3 business days promised. */
  overdue: number;
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
