import type { Cart, CartItem } from '../../../lib/api-types';
import { FALLBACK_SHIPPING_COUNTRIES } from '../components/address-step';
import { FALLBACK_BILLING_COUNTRIES } from '../components/payment-step';
import type { AddressSuggestion } from '../../../lib/account-form/types';
import type { CheckoutConfig } from '../../../lib/stripe/config-api';
import { formatPence } from '../../../lib/format-money';
import { cartTotals, vatPence } from '../../../testing/fake-totals';
import { CART_ID, emptyCart, serviceCart } from '../../../testing/fixtures';
import { jsonResponse, mockFetch, type Handler } from '../../../testing/mock-fetch';
import type {
  ChosenShipping,
  ConfirmHardwarePaymentAnswer,
  CreateHardwarePaymentBody,
  HardwareAmounts,
  HardwareCheckoutOptions,
  HardwareOrderView,
  HardwareQuote,
  PlaceHardwareOrderArgs,
  QuoteLine,
  QuotePriceChange,
  ShippingOption,
} from '../types';

/** The server's price list (the contract's table). */
export const SHIPPING_OPTIONS: ShippingOption[] = [
  { id: 'economy', name: 'Economy 3 Day - DPD', description: 'Delivered in 3 working days', carrier: 'DPD', pricePence: 400 },
  { id: 'standard', name: 'Next Business Day - DPD', description: 'Delivered the next working day', carrier: 'DPD', pricePence: 800 },
  { id: 'express', name: 'Royal Mail Special (Non-Guaranteed)', description: 'Usually delivered the next working day', carrier: 'Royal Mail', pricePence: 845 },
  { id: 'saturday', name: 'SATURDAY - DPD', description: 'Delivered on Saturday', carrier: 'DPD', pricePence: 1500 },
];

export const OPTIONS: HardwareCheckoutOptions = {
  shippingOptions: SHIPPING_OPTIONS,
  // The same lists as the page's own fallbacks (and the server's).
  shippingCountries: FALLBACK_SHIPPING_COUNTRIES,
  billingCountries: FALLBACK_BILLING_COUNTRIES,
};

const configFixture: CheckoutConfig = {
  stripePublishableKey: 'pk_test_123',
  stripeJsUrl: 'http://localhost:8420/js.stripe.com/v3/',
  googleClientId: null,
};

export const T54W: QuoteLine = {
  productId: '00000000-0000-4000-8000-000000000054',
  name: 'Yealink T54W',
  shortDesc: 'Prime business phone with a 4.3" colour screen',
  imageUrl: '/api/hardware-images/t54w-front',
  unitPricePence: 6400,
  quantity: 2,
  linePence: 12800,
};

export const GRP2601: QuoteLine = {
  productId: '00000000-0000-4000-8000-000000002601',
  name: 'Grandstream GRP2601',
  shortDesc: null,
  imageUrl: null,
  unitPricePence: 3500,
  quantity: 1,
  linePence: 3500,
};

/** Two lines: £128.00 + £35.00 = £163.00. */
export const CART_LINES: QuoteLine[] = [T54W, GRP2601];

export const ORDER_SECRET = 'hos_7Kq2Zx9Lm4Vb';

const SAMPLE_ADDRESSES: AddressSuggestion[] = [
  { id: 'a1', formatted: '1 Example Road, Testtown, ID1 1QD', line_1: '1 Example Road', line_2: '', line_3: '', post_town: 'Testtown', postcode: 'ID1 1QD', county: '', country: 'England' },
  { id: 'a2', formatted: 'Flat 2, Idea House, Example Road, Testtown, ID1 1QD', line_1: 'Flat 2', line_2: 'Idea House', line_3: 'Example Road', post_town: 'Testtown', postcode: 'ID1 1QD', county: '', country: 'England' },
];

/** VAT is 20% of (items + shipping), rounded half up, in whole pence (the contract). */
export function amountsFor(itemsPence: number, shippingPence: number): HardwareAmounts {
  const vat = vatPence(itemsPence + shippingPence);
  return { itemsPence, shippingPence, vatPence: vat, totalPence: itemsPence + shippingPence + vat };
}

const isWorkingDay = (date: Date) => date.getDay() !== 0 && date.getDay() !== 6;

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** The contract's estimate from the order day: working days skip weekends; Saturday is the next one after the day. */
function estimateDelivery(optionId: string, orderDay: Date): string {
  let date = new Date(orderDay.getFullYear(), orderDay.getMonth(), orderDay.getDate());
  if (optionId === 'saturday') {
    do date = addDays(date, 1);
    while (date.getDay() !== 6);
  } else {
    let working = optionId === 'economy' ? 3 : 1;
    while (working > 0) {
      date = addDays(date, 1);
      if (isWorkingDay(date)) working -= 1;
    }
  }
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What create-hardware-payment does with a payment method. */
export type PaymentOutcome = 'succeeded' | 'requires_action' | { code: string; decline_code?: string | null; error?: string } | Response;

const UK_POSTCODE = /^[A-Z]{1,2}\d{1,2}[A-Z]?\s*\d[A-Z]{2}$/i;

/** The server's field rules (contract: 422 `invalid_fields`). */
function invalidFields({ customerInfo: info }: PlaceHardwareOrderArgs): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!info.email) errors.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(info.email)) errors.email = 'Email is invalid';
  if (!info.firstName) errors.firstName = 'First name is required';
  if (!info.lastName) errors.lastName = 'Last name is required';
  if (!info.phone) errors.phone = 'Phone number is required';
  if (!info.address.line1) errors.line1 = 'Address line 1 is required';
  if (!info.address.city) errors.city = 'City is required';
  if (!info.address.postalCode) errors.postalCode = 'Postal code is required';
  else if (info.address.country === 'GB' && !UK_POSTCODE.test(info.address.postalCode)) errors.postalCode = 'Please enter a valid UK postal code';
  if (!['GB', 'IE'].includes(info.address.country ?? '')) errors.country = 'Please choose United Kingdom or Ireland.';
  return errors;
}

/** The server's sentence for a changed price. */
const priceChangeMessage = (name: string, fromPence: number, toPence: number) =>
  `The price of ${name} changed from ${formatPence(fromPence)} to ${formatPence(toPence)}`;

/** A quote's version: a short digest of what it prices (the server's is a SHA-256; any stable digest does here). */
function quoteVersionOf(lines: QuoteLine[], shippingId: string | null): string {
  const text = JSON.stringify([lines.map((line) => [line.productId, line.unitPricePence, line.quantity]), shippingId]);
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1) hash = (Math.imul(hash, 33) ^ text.charCodeAt(index)) >>> 0;
  return `q${hash.toString(16).padStart(8, '0')}`;
}

interface FakeOrder {
  view: HardwareOrderView;
  /** The quote it was placed on (its own prices; no changes to name). */
  quote: HardwareQuote;
  secret: string;
  setups: number;
  paymentIntentId: string | null;
}

export interface FakeHardwareCheckoutOptions {
  /** The cart's desk phones (the quote's lines), at the price each went into the cart. */
  lines?: QuoteLine[];
  /** The catalogue's price today of some of them, by product id: the cart names each change. */
  pricesToday?: Record<string, number>;
  /** The cart also holds a service (a mixed cart): it stays after the phones are paid. */
  withServices?: boolean;
  /** No cart on the server: the quote and the cart answer 404 `cart_not_found`. */
  cartMissing?: boolean;
  /** The day orders are placed (estimated delivery). */
  today?: Date;
  /** create-hardware-payment's outcome for a payment method id (default: paid). */
  payment?: (paymentMethodId: string) => PaymentOutcome;
  /** Replaces confirm-hardware-payment's answer (a Response, or a status to answer with). */
  confirm?: (body: { paymentIntentId: string; orderId?: string; orderSecret?: string }) => Response | ConfirmHardwarePaymentAnswer['status'] | undefined;
  /** Replaces any handler ("METHOD /path" keys, as mockFetch). */
  extra?: Record<string, Handler>;
}

/**
 * A stand-in for the hardware checkout's API (the contract), for unit tests: the options,
 * quotes priced like the server (VAT on items plus shipping), placing orders with the field
 * rules, card setups, the two payment calls and the thank-you view behind the order's secret.
 * Confirming a paid order takes its phones out of the cart, as the server does.
 */
export function fakeHardwareCheckoutServer(options: FakeHardwareCheckoutOptions = {}) {
  /** The cart's desk phones at today's catalogue price. */
  let lines = options.lines ?? CART_LINES;
  /** The unit price each phone went into the cart at, by product id. */
  let added = new Map(lines.map((line) => [line.productId, line.unitPricePence]));
  const repriced = (productId: string, unitPricePence: number) => {
    lines = lines.map((line) => (line.productId === productId ? { ...line, unitPricePence, linePence: unitPricePence * line.quantity } : line));
  };
  for (const [productId, pence] of Object.entries(options.pricesToday ?? {})) repriced(productId, pence);
  const orders = new Map<string, FakeOrder>();
  let placed = 0;
  let payments = 0;

  const itemsPence = () => lines.reduce((sum, line) => sum + line.linePence, 0);
  const shippingFor = (id: string | null): ShippingOption | undefined => SHIPPING_OPTIONS.find((option) => option.id === id);
  const chosen = ({ id, name, carrier, pricePence }: ShippingOption): ChosenShipping => ({ id, name, carrier, pricePence });
  const priceChanges = (): QuotePriceChange[] =>
    lines
      .filter((line) => (added.get(line.productId) ?? line.unitPricePence) !== line.unitPricePence)
      .map(({ productId, name, unitPricePence }) => {
        const fromPence = added.get(productId) ?? unitPricePence;
        return { productId, name, fromPence, toPence: unitPricePence, message: priceChangeMessage(name, fromPence, unitPricePence) };
      });
  /** The cart's quote today, with `shipping` when one is chosen. */
  const quoteFor = (shipping: ShippingOption | undefined): HardwareQuote => ({
    lines,
    shipping: shipping ?? null,
    amounts: amountsFor(itemsPence(), shipping?.pricePence ?? 0),
    version: quoteVersionOf(lines, shipping?.id ?? null),
    priceChanges: priceChanges(),
  });
  const priceChangedAnswer = (quote: HardwareQuote) => {
    const first = quote.priceChanges[0];
    const error = `${first ? first.message : 'The prices changed since this page was loaded'}. Please check the new total and try again.`;
    return jsonResponse({ error, code: 'price_changed', quote }, 409);
  };
  const cart = (): Cart => {
    const items: CartItem[] = lines.map((line) => ({
      id: `hardware-${line.productId}`,
      name: line.name,
      type: 'hardware',
      quantity: line.quantity,
      unitPence: line.unitPricePence,
      linePence: line.linePence,
    }));
    const base = options.withServices ? serviceCart() : emptyCart();
    return {
      ...base,
      items: [...base.items, ...items],
      badgeCount: base.badgeCount + items.length,
      hasHardware: items.length > 0,
      totals: cartTotals({ ...base.totals, hardwarePence: itemsPence() }),
      priceChanges: priceChanges().map(({ productId, name, fromPence, toPence }) => ({ productId, name, fromPence, toPence })),
    };
  };

  const cartNotFound = () => jsonResponse({ error: 'Your cart is empty.', code: 'cart_not_found' }, 404);
  const noHardware = () => jsonResponse({ error: 'Your cart has no desk phones to check out.', code: 'no_hardware' }, 422);
  const badShipping = () => jsonResponse({ error: 'Please choose a shipping option.', code: 'invalid_shipping_option' }, 422);
  const secretMismatch = () => jsonResponse({ error: 'This order was placed from another browser.', code: 'order_secret_mismatch' }, 403);
  const orderNotFound = () => jsonResponse({ error: 'Order not found.', code: 'hardware_order_not_found' }, 404);
  const orderIdOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.split('/')[3] ?? '');

  const fetch = mockFetch({
    'GET /api/checkout/config': () => configFixture,
    'GET /api/hardware-checkout/options': () => OPTIONS,
    'GET /api/address-lookup/': (request) => {
      const postcode = new URL(request.url).searchParams.get('postcode');
      return postcode === 'ID11QD' ? { result: SAMPLE_ADDRESSES } : jsonResponse({ error: 'No addresses found', code: 'not_found' }, 404);
    },
    'GET /api/hardware-checkout/quote': (request) => {
      const params = new URL(request.url).searchParams;
      if (options.cartMissing || params.get('cartId') !== CART_ID) return cartNotFound();
      if (lines.length === 0) return noHardware();
      const optionId = params.get('shippingOption');
      const shipping = optionId ? shippingFor(optionId) : undefined;
      if (optionId && !shipping) return badShipping();
      return quoteFor(shipping);
    },
    'POST /api/hardware-orders': async (request) => {
      const body = (await request.json()) as PlaceHardwareOrderArgs;
      if (options.cartMissing || body.cartId !== CART_ID) return cartNotFound();
      if (lines.length === 0) return noHardware();
      const shipping = shippingFor(body.shippingOption);
      if (!shipping) return badShipping();
      const fieldErrors = invalidFields(body);
      if (Object.keys(fieldErrors).length > 0) {
        return jsonResponse({ error: 'Please check the highlighted fields.', code: 'invalid_fields', fieldErrors }, 422);
      }
      // As the server: the version is required, and another than today's places nothing.
      if (typeof body.quoteVersion !== 'string') return jsonResponse({ error: 'quoteVersion is missing.', code: 'invalid_body' }, 422);
      const quote = quoteFor(shipping);
      if (body.quoteVersion !== quote.version) return priceChangedAnswer(quote);
      placed += 1;
      const orderId = `0d6f1c2e-0000-4000-8000-${String(placed).padStart(12, '0')}`;
      const { address, ...customer } = body.customerInfo;
      const view: HardwareOrderView = {
        orderId,
        orderNumber: `HW-${String(100000 + placed)}`,
        status: 'placed',
        lines: lines.map(({ productId, name, unitPricePence, quantity, linePence }) => ({ productId, name, unitPricePence, quantity, linePence })),
        shipping: chosen(shipping),
        // As the server keeps them: a field left out is empty.
        customer: { email: customer.email ?? '', firstName: customer.firstName ?? '', lastName: customer.lastName ?? '', phone: customer.phone ?? '' },
        address: { line1: address.line1 ?? '', line2: address.line2 ?? '', city: address.city ?? '', postalCode: address.postalCode ?? '', country: address.country ?? '' },
        amounts: amountsFor(itemsPence(), shipping.pricePence),
        paymentReference: null,
        placedAt: '2026-11-23T10:00:00Z',
        paidAt: null,
        confirmedAt: null,
        estimatedDelivery: estimateDelivery(shipping.id, options.today ?? new Date()),
        emailQueued: false,
      };
      orders.set(orderId, { view, quote: { ...quote, priceChanges: [] }, secret: ORDER_SECRET, setups: 0, paymentIntentId: null });
      return jsonResponse({ ...view, orderSecret: ORDER_SECRET }, 201);
    },
    'POST /api/hardware-orders/:id/card-setup': async (request) => {
      const order = orders.get(orderIdOf(request));
      if (!order) return orderNotFound();
      const { orderSecret } = (await request.json()) as { orderSecret?: string };
      if (orderSecret !== order.secret) return secretMismatch();
      if (order.paymentIntentId) return jsonResponse({ error: 'This order has already been paid.', code: 'order_already_paid' }, 409);
      order.setups += 1;
      const id = `seti_${order.view.orderNumber}_${order.setups}`;
      return { clientSecret: `${id}_secret_abc`, setupIntentId: id };
    },
    'POST /api/create-hardware-payment/': async (request) => {
      const body = (await request.json()) as CreateHardwarePaymentBody;
      const order = orders.get(body.order_id);
      if (!order) return orderNotFound();
      if (body.order_secret !== order.secret) return secretMismatch();
      // As the server: a version other than the order's charges nothing.
      if (body.quote_version !== undefined && !order.paymentIntentId && body.quote_version !== order.quote.version) return priceChangedAnswer(order.quote);
      const outcome = options.payment?.(body.payment_method_id) ?? 'succeeded';
      if (outcome instanceof Response) return outcome;
      if (typeof outcome === 'object') {
        return jsonResponse({ error: outcome.error ?? 'Your card was declined.', code: outcome.code, decline_code: outcome.decline_code ?? null }, 402);
      }
      payments += 1;
      const paymentIntentId = `pi_${String(payments).padStart(3, '0')}abcdefgh`;
      order.paymentIntentId = paymentIntentId;
      order.view = { ...order.view, status: 'paid', paymentReference: paymentIntentId, paidAt: '2026-11-23T10:05:00Z' };
      if (outcome === 'requires_action') {
        return { status: 'requires_action', requires_action: true, client_secret: `${paymentIntentId}_secret_3ds`, payment_intent_id: paymentIntentId };
      }
      return { status: 'succeeded', payment_intent_id: paymentIntentId, order_id: body.order_id, amount: order.view.amounts.totalPence };
    },
    'POST /api/confirm-hardware-payment/': async (request) => {
      const body = (await request.json()) as { paymentIntentId: string; orderId?: string; orderSecret?: string };
      const order = [...orders.values()].find((entry) => entry.paymentIntentId === body.paymentIntentId);
      if (!order) return jsonResponse({ error: 'Payment not found.', code: 'payment_not_found' }, 404);
      const override = options.confirm?.(body);
      if (override instanceof Response) return override;
      const status = override ?? 'confirmed';
      const reference = status === 'payment-only' ? `temp-${body.paymentIntentId}` : status === 'error-handled' ? `error-${body.paymentIntentId.slice(0, 8)}` : undefined;
      order.view = {
        ...order.view,
        status,
        confirmedAt: status === 'confirmed' ? '2026-11-23T10:05:01Z' : null,
        emailQueued: status === 'confirmed',
      };
      // The server takes the paid phones out of the cart.
      if (status === 'confirmed') lines = [];
      // As the server: the order's details only for its secret (the thank-you page's
      // background call sends the payment id alone and learns the status alone).
      if (body.orderSecret !== order.secret) return { status };
      return { orderId: order.view.orderId, orderNumber: order.view.orderNumber, status, ...(reference ? { reference } : {}) };
    },
    'GET /api/hardware-orders/:id': (request) => {
      const order = orders.get(orderIdOf(request));
      if (!order) return orderNotFound();
      if (request.headers.get('X-Order-Secret') !== order.secret) return secretMismatch();
      // As the server: where the confirmation e-mail stands, once it is queued.
      return { ...order.view, emailStatus: order.view.emailStatus ?? (order.view.emailQueued ? 'queued' : null) };
    },
    [`GET /api/carts/${CART_ID}`]: () => (options.cartMissing ? cartNotFound() : cart()),
    ...options.extra,
  });

  const callsTo = (method: string, path: string) => fetch.calls.filter((call) => call.method === method && call.url.pathname === path);

  return {
    ...fetch,
    cart,
    /** The orders placed, by id (their view as the server holds it). */
    order: (orderId: string) => orders.get(orderId)?.view,
    orders: () => [...orders.values()].map((entry) => entry.view),
    /** Puts an order in place as if this browser had placed and paid it (for the thank-you page alone). */
    seedOrder(view: HardwareOrderView, paymentIntentId: string | null = view.paymentReference ?? null) {
      const quote: HardwareQuote = {
        lines: view.lines.map((line) => ({ ...line, shortDesc: null, imageUrl: null })),
        shipping: SHIPPING_OPTIONS.find((option) => option.id === view.shipping.id) ?? { ...view.shipping, description: '' },
        amounts: view.amounts,
        version: quoteVersionOf([], view.shipping.id),
        priceChanges: [],
      };
      orders.set(view.orderId, { view, quote, secret: ORDER_SECRET, setups: 0, paymentIntentId });
    },
    /** The cart's phones are now `next`, each as if it went into the cart at its price. */
    setLines(next: QuoteLine[]) {
      lines = next;
      added = new Map(lines.map((line) => [line.productId, line.unitPricePence]));
    },
    /** The catalogue's price of a phone in the cart is now `unitPricePence` (the cart remembers the old one). */
    setPrice: repriced,
    /** The version of today's quote with `shippingOption` (none: without shipping). */
    quoteVersion: (shippingOption: string | null = null) => quoteVersionOf(lines, shippingOption),
    callsTo,
    /** The JSON bodies sent to `path` by POST, in order. */
    posted: <T = Record<string, unknown>>(path: string) => callsTo('POST', path).map((call) => JSON.parse(call.body) as T),
  };
}

/** A paid, confirmed order's view (two T54W and a GRP2601, Saturday delivery). */
export function orderViewFixture(overrides: Partial<HardwareOrderView> = {}): HardwareOrderView {
  const shipping = SHIPPING_OPTIONS[3];
  return {
    orderId: '0d6f1c2e-0000-4000-8000-000000000099',
    orderNumber: 'HW-123456',
    status: 'confirmed',
    lines: CART_LINES.map(({ productId, name, unitPricePence, quantity, linePence }) => ({ productId, name, unitPricePence, quantity, linePence })),
    shipping: { id: shipping.id, name: shipping.name, carrier: shipping.carrier, pricePence: shipping.pricePence },
    customer: { email: 'jane@example.co.uk', firstName: 'Jane', lastName: 'Smith', phone: '020 7946 0123' },
    address: { line1: '1 Example Road', line2: '', city: 'Testtown', postalCode: 'ID1 1QD', country: 'GB' },
    amounts: amountsFor(16300, 1500),
    paymentReference: 'pi_3Nabcdefgh',
    placedAt: '2026-11-23T10:00:00Z',
    paidAt: '2026-11-23T10:05:00Z',
    confirmedAt: '2026-11-23T10:05:01Z',
    estimatedDelivery: '2026-11-28',
    emailQueued: true,
    ...overrides,
  };
}
