import { paymentMethodId, type StripeCardElement, type StripeClient } from '../../lib/stripe/stripe-js';
import type { PlacedHardwareOrder } from './hardware-checkout-slice';
import { cardErrorMessage, hardwarePaymentMessages as text, paymentServiceMessage } from './hardware-payment-messages';
import { priceChanged } from './price-changed';
import type {
  CardSetupResponse,
  ConfirmationStatus,
  ConfirmHardwarePaymentAnswer,
  ConfirmHardwarePaymentBody,
  CreateHardwarePaymentAnswer,
  CreateHardwarePaymentBody,
  HardwareCustomerInfo,
  HardwareQuote,
  OrderRef,
  StoredHardwareOrder,
} from './types';

/** The server calls of a payment; each resolves with the answer or rejects with the RTK Query error. */
export interface HardwarePaymentCalls {
  startCardSetup(order: OrderRef): Promise<CardSetupResponse>;
  createPayment(body: CreateHardwarePaymentBody): Promise<CreateHardwarePaymentAnswer>;
  confirmPayment(body: ConfirmHardwarePaymentBody): Promise<ConfirmHardwarePaymentAnswer>;
}

export interface PayHardwareOrderInput {
  placed: PlacedHardwareOrder;
  customer: HardwareCustomerInfo;
  /** The card's billing country (two letters). */
  billingCountry: string;
  stripe: StripeClient;
  card: StripeCardElement;
}

/** A payment that stopped before the money moved, with the sentence to show under the card. */
export class HardwarePaymentFailure extends Error {}

/** 409 `price_changed`: the page's quote is not the order's; nothing was charged, and `quote` is the order's own. */
export class HardwarePriceChanged extends HardwarePaymentFailure {
  constructor(
    message: string,
    readonly quote: HardwareQuote,
  ) {
    super(message);
  }
}

const CONFIRMATION_STATUSES: readonly ConfirmationStatus[] = ['confirmed', 'payment-only', 'error-handled'];

/** A failed call (RTK Query's error has a status), as against a fault of our own. */
function isCallFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && !(error instanceof Error);
}

async function call<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    const changed = priceChanged(error);
    if (changed) throw new HardwarePriceChanged(changed.error, changed.quote);
    throw new HardwarePaymentFailure(paymentServiceMessage(error));
  }
}

/** The card confirmed against a new setup intent (Stripe.js does any 3-D Secure): its payment method id. */
async function setUpCard(input: PayHardwareOrderInput, calls: HardwarePaymentCalls): Promise<string> {
  const { placed, customer, stripe, card } = input;
  const setup = await call(calls.startCardSetup({ orderId: placed.orderId, orderSecret: placed.orderSecret }));
  if (!setup?.clientSecret) throw new HardwarePaymentFailure(text.invalidResponse);
  const { address } = customer;
  const confirmed = await stripe.confirmCardSetup(setup.clientSecret, {
    payment_method: {
      card,
      billing_details: {
        name: `${customer.firstName} ${customer.lastName}`.trim(),
        email: customer.email,
        phone: customer.phone,
        address: { line1: address.line1, line2: address.line2, city: address.city, postal_code: address.postalCode, country: input.billingCountry },
      },
    },
  });
  if (confirmed.error) throw new HardwarePaymentFailure(cardErrorMessage(confirmed.error));
  const setupIntent = confirmed.setupIntent;
  if (!setupIntent) throw new HardwarePaymentFailure(text.unexpected);
  if (setupIntent.status !== 'succeeded') throw new HardwarePaymentFailure(text.unexpectedStatus(setupIntent.status));
  const methodId = paymentMethodId(setupIntent);
  if (!methodId) throw new HardwarePaymentFailure(text.noDetail);
  return methodId;
}

/** create-hardware-payment, then 3-D Secure when asked: the id of the payment that succeeded. */
async function charge(input: PayHardwareOrderInput, calls: HardwarePaymentCalls, methodId: string): Promise<string> {
  const { placed, customer, stripe } = input;
  const answer = await call(
    calls.createPayment({
      order_id: placed.orderId,
      order_secret: placed.orderSecret,
      payment_method_id: methodId,
      amount: placed.amounts.totalPence,
      customer_email: customer.email,
      customer_name: `${customer.firstName} ${customer.lastName}`.trim(),
      customer_phone: customer.phone,
      shipping_address: customer.address,
      shipping_option: placed.shipping.id,
      hardware_items: placed.lines.map((line) => ({ id: line.productId, name: line.name, quantity: line.quantity, price: line.unitPricePence })),
      payment_type: 'hardware_purchase',
      quote_version: placed.quoteVersion,
    }),
  );
  if (answer.requires_action || answer.status === 'requires_action') {
    if (!answer.client_secret) throw new HardwarePaymentFailure(text.invalidResponse);
    const result = await stripe.confirmCardPayment(answer.client_secret);
    if (result.error) throw new HardwarePaymentFailure(cardErrorMessage(result.error));
    const status = result.paymentIntent?.status;
    if (status !== 'succeeded') throw new HardwarePaymentFailure(text.unexpectedStatus(status ?? 'unknown'));
    const id = answer.payment_intent_id || result.paymentIntent?.id;
    if (!id) throw new HardwarePaymentFailure(text.invalidResponse);
    return id;
  }
  if (answer.status !== 'succeeded') throw new HardwarePaymentFailure(text.unexpectedStatus(String(answer.status)));
  if (!answer.payment_intent_id) throw new HardwarePaymentFailure(text.invalidResponse);
  return answer.payment_intent_id;
}

/**
 * After the money moved: confirm-hardware-payment. A failed call does not undo the payment:
 * the order is kept as `payment-only` (reference temp-{payment id}); a fault of our own as
 * `error-handled` (error-{first 8 characters}). The thank-you page tries once more in the background.
 */
async function confirm(input: PayHardwareOrderInput, calls: HardwarePaymentCalls, paymentIntentId: string): Promise<StoredHardwareOrder> {
  const { orderId, orderSecret, orderNumber } = input.placed;
  const kept = { orderId, orderSecret, orderNumber, paymentIntentId };
  try {
    const answer = await calls.confirmPayment({ paymentIntentId, orderId, orderSecret });
    const status = CONFIRMATION_STATUSES.find((known) => known === answer?.status);
    if (!status) throw new Error(`Unknown confirmation status ${String(answer?.status)}`);
    return {
      ...kept,
      orderNumber: answer.orderNumber || orderNumber,
      confirmationStatus: status,
      ...(answer.reference ? { reference: answer.reference } : {}),
    };
  } catch (error) {
    if (isCallFailure(error)) return { ...kept, confirmationStatus: 'payment-only', reference: `temp-${paymentIntentId}` };
    console.error('Confirming the hardware payment failed unexpectedly', error);
    return { ...kept, confirmationStatus: 'error-handled', reference: `error-${paymentIntentId.slice(0, 8)}` };
  }
}

/**
 * The payment of a placed order (docs/product-rules.md, Hardware checkout): a new card setup confirmed
 * with the card and the billing details, create-hardware-payment (3-D Secure when asked), then
 * confirm-hardware-payment. Throws HardwarePaymentFailure while nothing is paid; once paid it
 * always answers the order to keep for the thank-you page.
 */
export async function payHardwareOrder(input: PayHardwareOrderInput, calls: HardwarePaymentCalls): Promise<StoredHardwareOrder> {
  const methodId = await setUpCard(input, calls);
  const paymentIntentId = await charge(input, calls, methodId);
  return confirm(input, calls, paymentIntentId);
}
