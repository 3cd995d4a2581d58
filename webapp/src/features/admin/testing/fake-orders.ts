import type { Handler } from '../../../testing/mock-fetch';
import { statusLabel } from '../order-format';
import type {
  CallsOutAction,
  OpenTransfer,
  OrderCalls,
  OrderEmail,
  OrderEventActor,
  OrderHistory,
  OrderKind,
  OrderSearchResult,
  TransferAction,
  TransferState,
  TransferStep,
  RefundAction,
  RefundRequest,
} from '../order-types';
import type { StaffSession } from '../types';
import { refusal } from './refusal';

/** An event as the fake keeps it; `status` is the order's status once it has happened. */
export interface FakeEvent {
  type: string;
  actor: OrderEventActor;
  sentence: string;
  recordedAt: string;
  status: string;
}

/** An order of the support console's fake: its search row, events, e-mails and what staff may do to it. */
export interface FakeOrder extends OrderSearchResult {
  /** Stripe ids the search finds it by (pi_, seti_, sub_, cus_). */
  paymentRefs: string[];
  events: FakeEvent[];
  emails: OrderEmail[];
  /** The read model's view (null when it has none yet). */
  view: OrderHistory['view'];
  /** Complete or confirmed: the confirmation can be resent. */
  complete: boolean;
  /** Numbers released so far. */
  released: string[];
  /** Paid numbers the order could not be given (waiting for a replacement). */
  lost: string[];
  /** Paid area codes waiting for a number, with the free numbers to pick. */
  placeholders: { placeholder: string; areaCode: string; candidates: string[] }[];
  /** Days a trial has been extended by in all (at most 7). */
  extendedDays: number;
  /** The numbers it transfers in; `steps` are worked out from each one's state. */
  ports: FakePort[];
  /** A paid hardware order's refund as staff may make it (none when nothing is left). */
  refund?: RefundAction | null;
  /** Its calls as GET .../calls answers them (none by default). */
  calls?: OrderCalls;
  /** Its calls out as an admin may suspend or restore them (none by default). */
  callsOut?: CallsOutAction | null;
}

/** A transfer as the fake keeps it: what staff see, and when it was requested. */
export interface FakePort extends Omit<TransferAction, 'steps'> {
  requestedAt: string;
}

const TRANSFER_LABELS: Record<TransferState, string> = {
  requested: 'Waiting for your details',
  detailsConfirmed: 'Details confirmed',
  submitted: 'Submitted to your current provider',
  dateSet: 'Transfer date set',
  completed: 'Transferred',
  rejected: 'Rejected',
};

/** The staff steps that follow from a state (the server's rules). */
function transferStepsFor(state: TransferState): TransferStep[] {
  const steps: TransferStep[] = [];
  if (state === 'detailsConfirmed') steps.push('submit');
  if (state === 'submitted' || state === 'dateSet') steps.push('setDate');
  if (state === 'dateSet') steps.push('complete');
  if (state === 'detailsConfirmed' || state === 'submitted' || state === 'dateSet') steps.push('reject');
  return steps;
}

/** A transfer of 020 7946 0123 whose details and letter of authority are in, open one business day. */
export function fakeTransfer(overrides: Partial<FakePort> = {}): FakePort {
  const state = overrides.state ?? 'detailsConfirmed';
  return {
    number: '02079460123',
    state,
    stateLabel: TRANSFER_LABELS[state],
    businessDaysOpen: 1,
    overdue: false,
    accountHolder: 'Acme Plumbing Ltd',
    currentProvider: 'BT',
    billingPostcode: 'SW1A 1AA',
    signedName: 'Ann Smith',
    signedAt: '2026-11-23T10:05:00Z',
    date: null,
    rejectionReason: null,
    requestedAt: '2026-11-23T10:01:00Z',
    ...overrides,
  };
}

/** The day the fake's staff actions happen (ACTION_TIME's): a transfer date may not be earlier. */
const ACTION_DAY = '2026-11-24';

/** When the fake's staff actions happen. */
const ACTION_TIME = '2026-11-24T09:30:00Z';

const event = (type: string, actor: OrderEventActor, sentence: string, recordedAt: string, status: string): FakeEvent => ({ type, actor, sentence, recordedAt, status });

let nextId = 1;

/**
 * A service order (SB-) paid by card and completed: five events by each kind of actor, the
 * confirmation e-mail sent, two numbers.
 */
export function serviceOrder(overrides: Partial<FakeOrder> = {}): FakeOrder {
  const orderNumber = overrides.orderNumber ?? 'SB-123456';
  const name = overrides.name ?? 'Ann Smith';
  const email = overrides.email ?? 'ann@example.com';
  return {
    kind: 'service',
    id: `order-${nextId++}`,
    orderNumber,
    email,
    name,
    status: 'completed',
    placedAt: '2026-11-23T10:00:00Z',
    phoneNumbers: ['01614960000', '01614960001'],
    paymentRefs: ['pi_3Abc123', 'seti_1Xyz789', 'cus_Ann42'],
    events: [
      event('OrderPlaced', { kind: 'buyer', name: null }, `Order placed by ${name}: Business Pro x2, £40.80 due today.`, '2026-11-23T10:00:00.123Z', 'placed'),
      event('PaymentMethodRecorded', { kind: 'buyer', name: null }, 'Card set up: Visa ending 4242.', '2026-11-23T10:00:20Z', 'paying'),
      event('PaymentSucceeded', { kind: 'webhook', name: null }, 'Paid £40.80 by card (pi_3Abc123).', '2026-11-23T10:00:31Z', 'paid'),
      event('AccountCreated', { kind: 'system', name: null }, `Account created for ${email}.`, '2026-11-23T10:00:40Z', 'paid'),
      event('OrderCompleted', { kind: 'job', name: 'finalise-orders' }, 'Order completed: extensions 101 and 102 set up.', '2026-11-23T10:01:00Z', 'completed'),
    ],
    emails: [
      { id: 1, kind: 'order_confirmation', subject: `Your order ${orderNumber}`, recipient: email, createdAt: '2026-11-23T10:01:00Z', sentAt: '2026-11-23T10:02:00Z', status: 'sent' },
    ],
    view: { orderNumber, status: 'completed', dueTodayPence: 4080, numbers: ['01614960000', '01614960001'] },
    complete: true,
    released: [],
    lost: [],
    placeholders: [],
    extendedDays: 0,
    ports: [],
    ...overrides,
  };
}

/** An active free trial (TR-) with one number, never extended. */
export function trialOrder(overrides: Partial<FakeOrder> = {}): FakeOrder {
  const email = overrides.email ?? 'tom@example.com';
  return serviceOrder({
    kind: 'trial',
    id: `trial-${nextId++}`,
    orderNumber: 'TR-1A2B3C4D',
    name: 'Tom Jones',
    email,
    status: 'active',
    placedAt: '2026-11-20T08:00:00Z',
    phoneNumbers: ['01174960000'],
    paymentRefs: [],
    events: [
      event('TrialStarted', { kind: 'buyer', name: null }, 'Trial started with 01174 960000; it ends on 27 Nov 2026.', '2026-11-20T08:00:00Z', 'active'),
      event('AccountCreated', { kind: 'system', name: null }, `Account created for ${email}.`, '2026-11-20T08:00:05Z', 'active'),
    ],
    emails: [{ id: 5, kind: 'trial_welcome', subject: 'Welcome to your free trial', recipient: email, createdAt: '2026-11-20T08:00:05Z', sentAt: null, status: 'queued' }],
    view: { status: 'active', endsAt: '2026-11-27T08:00:00Z' },
    complete: true,
    ...overrides,
  });
}

/** `count` service orders, one a day backwards from 23 Nov 2026 (SB-200001 is the newest). */
export function manyOrders(count: number): FakeOrder[] {
  return Array.from({ length: count }, (_, index) =>
    serviceOrder({
      orderNumber: `SB-${200001 + index}`,
      name: `Buyer ${index + 1}`,
      email: `buyer${index + 1}@example.com`,
      placedAt: new Date(Date.UTC(2026, 10, 23 - index, 10)).toISOString(),
      phoneNumbers: [],
      paymentRefs: [],
    }),
  );
}

const PAGE_SIZE = 20;
const COUNT_CAP = 1000;
/** The fake's cursors: opaque to the page, like the server's. */
const CURSOR = 'fake.';
/** Newest first, then kind and id (as the server orders them). */
const sortKey = (order: FakeOrder) => `${order.placedAt}|${order.kind}|${order.id}`;
const digits = (text: string) => text.replace(/\D/g, '');

/** Like the server: order number, e-mail, phone number (digits only) or payment reference, any case. */
function matches(order: FakeOrder, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const texts = [order.orderNumber, order.email, ...order.paymentRefs].map((text) => text.toLowerCase());
  if (texts.some((text) => text.includes(needle))) return true;
  const wanted = digits(needle);
  return wanted.length >= 5 && wanted.length === needle.replace(/[\s()+-]/g, '').length && order.phoneNumbers.some((number) => digits(number).includes(wanted));
}

function searchRow(order: FakeOrder): OrderSearchResult {
  const { kind, id, orderNumber, email, name, status, placedAt, phoneNumbers } = order;
  return { kind, id, orderNumber, email, name, status, placedAt, phoneNumbers };
}

/** The history of `order` replayed to `upTo` (the last event when null), as the server answers it. */
function historyOf(order: FakeOrder, upTo: number | null = null): OrderHistory {
  const last = order.events.length;
  const replayTo = upTo ?? last;
  const replayed = order.events.slice(0, replayTo);
  const status = replayed.at(-1)?.status ?? order.status;
  return {
    kind: order.kind,
    id: order.id,
    orderNumber: order.orderNumber,
    upTo: replayTo,
    lastSequence: last,
    events: order.events.map(({ type, actor, sentence, recordedAt }, index) => ({ sequence: index + 1, globalPosition: 1000 + index, type, recordedAt, actor, sentence })),
    state: { status, eventTypes: replayed.map((entry) => entry.type) },
    stateSummary: [
      ['Status', statusLabel(status)],
      ['Events replayed', `${replayTo} of ${last}`],
    ],
    view: order.view,
    emails: order.emails,
    actions: {
      resendConfirmation: order.complete,
      releasableNumbers: order.kind === 'hardware' ? [] : order.phoneNumbers.filter((number) => !order.released.includes(number)),
      replaceableNumbers: order.lost,
      openPlaceholders: order.placeholders,
      extendTrial: order.kind === 'trial' && order.status === 'active' && order.extendedDays < 7,
      ports: order.ports.map(({ requestedAt: _requestedAt, ...port }) => ({ ...port, steps: transferStepsFor(port.state) })),
      sipExtensions: order.kind === 'hardware' || (order.kind === 'trial' && order.status !== 'active') ? [] : ['101'],
      refund: order.refund ?? null,
      cancelSubscription: null,
      callsOut: order.callsOut ?? null,
    },
  };
}

interface Access {
  /** The signed-in staff member, or the refusal (401). */
  read: (request: Request) => StaffSession | Response;
  /** Also checks the CSRF token. */
  write: (request: Request) => StaffSession | Response;
  /** Also refuses support staff (403). */
  admin: (request: Request) => StaffSession | Response;
}

/** No calls yet: every outcome counted at zero. */
function noCalls(): OrderCalls {
  return { calls: [], total: 0, outcomes: ['answered', 'busy', 'no answer', 'refused', 'failed'].map((outcome) => ({ outcome, calls: 0 })) };
}

/** The support console's routes over `initial` (GET search and history, the three POST actions). */
export function fakeOrderRoutes(initial: FakeOrder[], access: Access) {
  let orders = initial.map((order) => ({
    ...order,
    events: [...order.events],
    emails: [...order.emails],
    released: [...order.released],
    lost: [...order.lost],
    placeholders: [...order.placeholders],
    ports: [...order.ports],
  }));
  let emailId = 100;

  const find = (request: Request): FakeOrder | undefined => {
    const [, , , , kind, id] = new URL(request.url).pathname.split('/');
    return orders.find((order) => order.kind === (kind as OrderKind) && order.id === decodeURIComponent(id));
  };
  const notFound = () => refusal(404, 'order_not_found', 'There is no such order.');

  /** Adds a staff event and answers the fresh history. */
  const record = (order: FakeOrder, change: Partial<FakeOrder>, type: string, who: StaffSession, sentence: string) => {
    const updated: FakeOrder = { ...order, ...change, events: [...order.events, event(type, { kind: 'staff', name: who.email }, sentence, ACTION_TIME, order.events.at(-1)?.status ?? order.status)] };
    orders = orders.map((entry) => (entry === order ? updated : entry));
    return historyOf(updated);
  };

  /** The order of a staff action, or the refusal. */
  const actionOn = (request: Request, check: (request: Request) => StaffSession | Response) => {
    const who = check(request);
    if (who instanceof Response) return who;
    const order = find(request);
    return order ? { who, order } : notFound();
  };

  /** A refund checked as the server checks it: its amount (pence, VAT included), or the refusal. */
  const priceRefund = (order: FakeOrder, body: RefundRequest): number | Response => {
    const refund = order.refund;
    if (!refund) return refusal(409, 'order_not_paid', 'This order has not been paid yet.');
    if (!body.reason?.trim()) return refusal(422, 'refund_reason_missing', "Give the reason for the refund (at most 500 characters): the buyer's e-mail quotes it.");
    if (!body.lines) return refund.left;
    let items = 0;
    for (const { productId, quantity } of body.lines) {
      const line = refund.lines.find((each) => each.productId === productId);
      if (!line) return refusal(422, 'unknown_refund_line', "That desk phone is not on this order: choose one of the order's lines.");
      if (quantity > line.quantityLeft) {
        return refusal(422, 'refund_beyond_quantity', `Only ${line.quantityLeft} of the ${line.name} on this order can still be refunded: lower the quantity. Nothing was refunded.`);
      }
      items += line.unitPrice * quantity;
    }
    return items + Math.floor((items * 20 + 50) / 100);
  };

  const handlers: Record<string, Handler> = {
    'POST /api/admin/orders/:kind/:id/refund': async (request) => {
      const found = actionOn(request, access.admin);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const body = (await request.json()) as RefundRequest;
      const amount = priceRefund(order, body);
      if (amount instanceof Response) return amount;
      const refund = order.refund!;
      const lines = refund.lines.map((line) => {
        const taken = body.lines ? (body.lines.find((each) => each.productId === line.productId)?.quantity ?? 0) : line.quantityLeft;
        return { ...line, quantityLeft: line.quantityLeft - taken };
      });
      const left = refund.left - amount;
      emailId += 1;
      const pounds = `£${(amount / 100).toFixed(2)}`;
      const mail: OrderEmail = { id: emailId, kind: 'hardware_refund', subject: `Refund of ${pounds} for order ${order.orderNumber}`, recipient: order.email, createdAt: ACTION_TIME, sentAt: null, status: 'queued' };
      return record(
        order,
        { refund: left > 0 ? { ...refund, left, lines } : null, emails: [...order.emails, mail] },
        'HardwareRefunded',
        who,
        `Refunded ${pounds} by ${who.email}: ${body.reason.trim()}`,
      );
    },
    'POST /api/admin/orders/:kind/:id/propose-refund': async (request) => {
      const found = actionOn(request, access.write);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const body = (await request.json()) as RefundRequest;
      const amount = priceRefund(order, body);
      if (amount instanceof Response) return amount;
      return record(order, {}, 'RefundProposed', who, `Refund of £${(amount / 100).toFixed(2)} proposed by ${who.email}, for an admin to carry out: ${body.reason.trim()}`);
    },
    'GET /api/admin/orders': (request) => {
      const who = access.read(request);
      if (who instanceof Response) return who;
      const params = new URL(request.url).searchParams;
      const query = params.get('query') ?? '';
      const before = params.get('before') ?? '';
      const matching = orders.filter((order) => matches(order, query)).sort((a, b) => sortKey(b).localeCompare(sortKey(a)));
      // Like the server's keyset: the orders after the one the cursor names, wherever it now is.
      let from = 0;
      if (before) {
        if (!before.startsWith(CURSOR)) return refusal(400, 'invalid_query', 'That page of the search is not known: search again from the first page.');
        const key = before.slice(CURSOR.length);
        from = matching.findIndex((order) => sortKey(order) < key);
        if (from < 0) from = matching.length;
      }
      const results = matching.slice(from, from + PAGE_SIZE);
      const more = from + PAGE_SIZE < matching.length;
      return {
        results: results.map(searchRow),
        next: more ? `${CURSOR}${sortKey(results.at(-1)!)}` : null,
        total: Math.min(matching.length, COUNT_CAP),
        totalCapped: matching.length > COUNT_CAP,
        query: query.trim(),
      };
    },
    'GET /api/admin/orders/:kind/:id/history': (request) => {
      const who = access.read(request);
      if (who instanceof Response) return who;
      const order = find(request);
      if (!order) return notFound();
      const raw = new URL(request.url).searchParams.get('upTo');
      if (raw === null) return historyOf(order);
      const upTo = Number(raw);
      if (!Number.isInteger(upTo) || upTo < 1 || upTo > order.events.length) {
        return refusal(400, 'invalid_up_to', `Choose an event from 1 to ${order.events.length}.`);
      }
      return historyOf(order, upTo);
    },
    'GET /api/admin/orders/:kind/:id/calls': (request) => {
      const who = access.read(request);
      if (who instanceof Response) return who;
      const order = find(request);
      if (!order) return notFound();
      if (order.kind === 'hardware') return refusal(404, 'no_calls', 'A hardware order has no phone service, so no calls: open the service order.');
      return order.calls ?? noCalls();
    },
    'POST /api/admin/orders/:kind/:id/resend-confirmation': (request) => {
      const found = actionOn(request, access.write);
      if (found instanceof Response) return found;
      const { who, order } = found;
      if (!order.complete) return refusal(409, 'not_complete', 'There is no confirmation to resend until the order is complete.');
      emailId += 1;
      const resent: OrderEmail = { id: emailId, kind: 'order_confirmation', subject: `Your order ${order.orderNumber}`, recipient: order.email, createdAt: ACTION_TIME, sentAt: null, status: 'queued' };
      return record(order, { emails: [...order.emails, resent] }, 'ConfirmationResent', who, `Confirmation e-mail resent by ${who.email}.`);
    },
    'POST /api/admin/orders/:kind/:id/release-number': async (request) => {
      const found = actionOn(request, access.write);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const { number } = (await request.json()) as { number?: unknown };
      if (typeof number !== 'string' || number.trim() === '') return refusal(422, 'invalid_number', "Pick one of the order's numbers to release.");
      if (order.released.includes(number)) return refusal(409, 'number_already_released', 'That number has already been released.');
      if (!order.phoneNumbers.includes(number)) {
        return refusal(409, 'not_the_orders_number', "That number is not one of this order's numbers: pick one from the order's list.");
      }
      return record(order, { released: [...order.released, number] }, 'NumberReleased', who, `Number ${number} released back to stock by ${who.email}.`);
    },
    'POST /api/admin/orders/:kind/:id/replace-number': async (request) => {
      const found = actionOn(request, access.write);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const { lost } = (await request.json()) as { lost?: unknown };
      if (typeof lost !== 'string' || !order.lost.includes(lost)) return refusal(409, 'number_not_lost', 'That number is not waiting for a replacement.');
      const replacement = `${lost.slice(0, -1)}${(Number(lost.slice(-1)) + 1) % 10}`;
      return record(
        order,
        { lost: order.lost.filter((number) => number !== lost), phoneNumbers: [...order.phoneNumbers.filter((number) => number !== lost), replacement] },
        'NumberReplaced',
        who,
        `Number ${lost} replaced with ${replacement} by ${who.email}.`,
      );
    },
    'POST /api/admin/orders/:kind/:id/fill-placeholder': async (request) => {
      const found = actionOn(request, access.write);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const { placeholder, number } = (await request.json()) as { placeholder?: unknown; number?: unknown };
      const open = order.placeholders.find((each) => each.placeholder === placeholder);
      if (!open) return refusal(409, 'placeholder_not_open', 'That area code is not waiting for a number on this order.');
      if (typeof number !== 'string' || !open.candidates.includes(number)) {
        return refusal(409, 'not_a_free_number', `${String(number)} is not a free number of that area code any more: pick another from the list.`);
      }
      return record(
        order,
        { placeholders: order.placeholders.filter((each) => each !== open), phoneNumbers: [...order.phoneNumbers, number] },
        'PlaceholderFilled',
        who,
        `Number ${number} given for the ${open.areaCode} area code by ${who.email}.`,
      );
    },
    'POST /api/admin/orders/:kind/:id/port': async (request) => {
      const found = actionOn(request, access.write);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const { number, step, date, reason } = (await request.json()) as { number?: string; step?: TransferStep; date?: string; reason?: string };
      const port = order.ports.find((each) => each.number === number);
      if (!port) return refusal(409, 'not_a_transfer', 'That number is not being transferred in on this order.');
      if (step === 'reject' && !reason?.trim()) return refusal(422, 'rejection_reason_missing', 'Say why the transfer was rejected, so the buyer knows what to correct.');
      if (step === 'setDate' && !date) return refusal(422, 'invalid_transfer_step', 'Give the transfer date the losing provider set.');
      if (!step || !transferStepsFor(port.state).includes(step)) {
        return refusal(409, 'transfer_step_not_allowed', `This transfer is ${port.stateLabel}: that step does not follow from here.`);
      }
      if (step === 'setDate' && date! < ACTION_DAY) return refusal(422, 'transfer_date_in_the_past', 'The transfer date cannot be in the past: pick today or a later day.');
      const state: TransferState = { submit: 'submitted', setDate: 'dateSet', complete: 'completed', reject: 'rejected' }[step] as TransferState;
      const moved: FakePort = {
        ...port,
        state,
        stateLabel: TRANSFER_LABELS[state],
        date: step === 'setDate' ? date! : port.date,
        rejectionReason: step === 'reject' ? reason!.trim() : null,
        overdue: state === 'completed' || state === 'rejected' ? false : port.overdue,
      };
      emailId += 1;
      const mail: OrderEmail = { id: emailId, kind: 'port_update', subject: `Transfer of ${port.number}: ${moved.stateLabel.toLowerCase()}`, recipient: order.email, createdAt: ACTION_TIME, sentAt: null, status: 'queued' };
      return record(
        order,
        { ports: order.ports.map((each) => (each === port ? moved : each)), emails: [...order.emails, mail] },
        'PortMoved',
        who,
        `Transfer of ${port.number}: ${moved.stateLabel.toLowerCase()}, by ${who.email}.`,
      );
    },
    'GET /api/admin/transfers': (request) => {
      const who = access.read(request);
      if (who instanceof Response) return who;
      const open: OpenTransfer[] = orders
        .flatMap((order) =>
          order.ports.map((port) => ({
            orderId: order.id,
            orderNumber: order.orderNumber,
            email: order.email,
            number: port.number,
            state: port.state,
            stateLabel: port.stateLabel,
            requestedAt: port.requestedAt,
            date: port.date,
            businessDaysOpen: port.businessDaysOpen,
            overdue: port.overdue,
          })),
        )
        .filter((port) => port.state !== 'completed' && port.state !== 'rejected')
        .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
      return { transfers: open, overdue: open.filter((port) => port.overdue).length };
    },
    'POST /api/admin/orders/:kind/:id/reset-sip-password': async (request) => {
      const found = actionOn(request, access.write);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const { number } = (await request.json()) as { number?: string };
      if (number !== '101') return refusal(409, 'extension_not_found', "That extension is not one of this order's: pick one from the order's list.");
      record(order, {}, 'SipPasswordReset', who, `SIP password of extension 101 reset by ${who.email}.`);
      return { number, username: 'ann101', password: 'NewSipPassw0rd2345678' };
    },
    'POST /api/admin/orders/:kind/:id/suspend-calls-out': async (request) => {
      const found = actionOn(request, access.admin);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const { reason } = (await request.json()) as { reason?: string };
      const why = reason?.trim() ?? '';
      if (!why || why.length > 100 || /[\r\n]/.test(why)) {
        return refusal(422, 'suspension_reason_invalid', 'Give the reason on one line (1 to 100 characters): phones show it when a call is refused, and the buyer reads it in their account.');
      }
      return record(order, { callsOut: { suspended: why, cause: 'staff' } }, 'CallsOutSuspended', who, `Calls out suspended by ${who.email}, staff: phones are refused with "${why}".`);
    },
    'POST /api/admin/orders/:kind/:id/restore-calls-out': async (request) => {
      const found = actionOn(request, access.admin);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const { reason } = (await request.json()) as { reason?: string };
      if (!order.callsOut?.suspended) return refusal(409, 'calls_out_not_suspended', 'Calls out are not suspended: there is nothing to restore.');
      const lifted = order.callsOut.cause ?? 'staff';
      return record(order, { callsOut: { suspended: null, cause: null } }, 'CallsOutRestored', who, `Calls out restored by ${who.email} (the ${lifted} suspension lifted): ${reason ?? ''}`);
    },
    'POST /api/admin/orders/:kind/:id/extend': async (request) => {
      const found = actionOn(request, access.admin);
      if (found instanceof Response) return found;
      const { who, order } = found;
      const { days } = (await request.json()) as { days?: unknown };
      if (order.kind !== 'trial') return refusal(404, 'not_a_trial', 'Only a free trial can be extended.');
      if (order.status !== 'active') return refusal(409, 'trial_over', 'This free trial has already ended.');
      const left = 7 - order.extendedDays;
      if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > left) {
        return refusal(422, 'extension_too_long', `A trial can be extended by 1 to 7 days in all; this one has ${left} days left to give.`);
      }
      return record(order, { extendedDays: order.extendedDays + days }, 'TrialExtended', who, `Trial extended by ${days} days by ${who.email}.`);
    },
  };

  /** An order placed meanwhile (by a buyer): the search finds it from the next request on. */
  const place = (order: FakeOrder) => {
    orders = [...orders, order];
  };
  return { handlers, orders: () => orders, place };
}
