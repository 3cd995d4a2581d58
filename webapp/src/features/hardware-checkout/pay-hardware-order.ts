import { errorCode } from '../../lib/api-error';
import type { AttemptKey, ChargeAnswer, PaymentRules, PaymentTexts } from '../../lib/card-payment/card-payment';
import { CardPaymentFailure, type CardPaymentAdapter } from '../../lib/card-payment/run-card-payment';
import type { StripeCardElement, StripeClient } from '../../lib/stripe/stripe-js';
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
interface HardwarePaymentCalls {
  startCardSetup(order: OrderRef): Promise<CardSetupResponse>;
  createPayment(body: CreateHardwarePaymentBody): Promise<CreateHardwarePaymentAnswer>;
  confirmPayment(body: ConfirmHardwarePaymentBody): Promise<ConfirmHardwarePaymentAnswer>;
}

interface PayHardwareOrderInput {
  placed: PlacedHardwareOrder;
  customer: HardwareCustomerInfo;
  /** The card's billing country (two letters). */
  billingCountry: string;
  stripe: StripeClient;
  card: StripeCardElement;
}

/** 409 `price_changed`: the page's quote is not the order's; nothing was charged, and `quote` is the order's own. */
export class HardwarePriceChanged extends CardPaymentFailure {
  constructor(
    message: string,
    readonly quote: HardwareQuote,
  ) {
    super(message);
  }
}

/** How the hardware checkout's server finishes a payment. */
const hardwarePaymentRules: PaymentRules = {
  // One payment per order: once the bank's check succeeded it is paid (confirm-hardware-payment follows).
  afterAuthentication: 'paid',
  maxAuthentications: 1,
  authorisedStatuses: ['succeeded'],
  processingRetries: 2,
};

const hardwarePaymentTexts: PaymentTexts = {
  cardError: cardErrorMessage,
  setupFailed: text.invalidResponse,
  unexpected: text.unexpected,
  setupNotSucceeded: text.unexpectedStatus,
  noPaymentMethod: text.noDetail,
  missingClientSecret: text.invalidResponse,
  authenticationNotSucceeded: (status) => text.unexpectedStatus(status ?? 'unknown'),
  missingPaymentId: text.invalidResponse,
  tooManyAuthentications: text.unexpectedStatus,
};

const CONFIRMATION_STATUSES: readonly ConfirmationStatus[] = ['confirmed', 'payment-only', 'error-handled'];

/** A failed call (RTK Query's error has a status), as against a fault of our own. */
function isCallFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && !(error instanceof Error);
}

/** A failed call's sentence; a 409 `price_changed` carries the order's own quote. */
function callFailure(error: unknown): CardPaymentFailure {
  const changed = priceChanged(error);
  if (changed) return new HardwarePriceChanged(changed.error, changed.quote);
  return new CardPaymentFailure(paymentServiceMessage(error));
}

/** create-hardware-payment with the attempt key, read as the card payment's answer. */
async function charge(input: PayHardwareOrderInput, calls: HardwarePaymentCalls, attempt: AttemptKey): Promise<ChargeAnswer> {
  const { placed, customer } = input;
  let answer: CreateHardwarePaymentAnswer;
  try {
    answer = await calls.createPayment({
      order_id: placed.orderId,
      order_secret: placed.orderSecret,
      payment_method_id: attempt.paymentMethodId,
      amount: placed.amounts.totalPence,
      customer_email: customer.email,
      customer_name: `${customer.firstName} ${customer.lastName}`.trim(),
      customer_phone: customer.phone,
      shipping_address: customer.address,
      shipping_option: placed.shipping.id,
      hardware_items: placed.lines.map((line) => ({ id: line.productId, name: line.name, quantity: line.quantity, price: line.unitPricePence })),
      payment_type: 'hardware_purchase',
      quote_version: placed.quoteVersion,
    });
  } catch (error) {
    // 409 `payment_processing`: the bank has not decided; the same request later answers how it did.
    if (errorCode(error) === 'payment_processing') return { kind: 'processing', message: paymentServiceMessage(error) };
    throw callFailure(error);
  }
  if (answer.requires_action || answer.status === 'requires_action') {
    return { kind: 'requires_action', clientSecret: answer.client_secret || null, paymentId: answer.payment_intent_id, status: answer.status };
  }
  if (answer.status !== 'succeeded') return { kind: 'refused', message: text.unexpectedStatus(String(answer.status)) };
  if (!answer.payment_intent_id) return { kind: 'refused', message: text.invalidResponse };
  return { kind: 'paid', paymentId: answer.payment_intent_id };
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
 * The card payment of a placed hardware order (docs/product-rules.md, Hardware checkout): a new
 * card setup confirmed with the card and the billing details, create-hardware-payment (3-D Secure
 * when asked), then confirm-hardware-payment. Fails while nothing is paid; once paid it always
 * answers the order to keep for the thank-you page.
 */
export function hardwarePayment(input: PayHardwareOrderInput, calls: HardwarePaymentCalls): CardPaymentAdapter<PlacedHardwareOrder, StoredHardwareOrder> {
  const { customer } = input;
  return {
    rules: hardwarePaymentRules,
    texts: hardwarePaymentTexts,
    open: async () => input.placed,
    async startSetup({ orderId, orderSecret }) {
      let setup: CardSetupResponse;
      try {
        setup = await calls.startCardSetup({ orderId, orderSecret });
      } catch (error) {
        throw callFailure(error);
      }
      return { clientSecret: setup?.clientSecret };
    },
    billingDetails: () => {
      const { address } = customer;
      return {
        name: `${customer.firstName} ${customer.lastName}`.trim(),
        email: customer.email,
        phone: customer.phone,
        address: { line1: address.line1, line2: address.line2, city: address.city, postal_code: address.postalCode, country: input.billingCountry },
      };
    },
    charge: (_order, attempt) => charge(input, calls, attempt),
    finish: async (_order, { paymentId }) => {
      // Not reached: a charge or a check answers paid only with the payment's id.
      if (!paymentId) throw new CardPaymentFailure(text.invalidResponse);
      return confirm(input, calls, paymentId);
    },
  };
}
