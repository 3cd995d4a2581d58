/**
 * Every sentence the hardware checkout's payment can show (docs/product-rules.md, Hardware checkout), word for word,
 * and the pure functions that choose one. No state, no calls: unit-tested as a table.
 */
import { cardErrorMessage as cardErrorText, cardMessages } from '../../lib/card-payment/card-error-message';
import type { PaymentErrorLike } from '../../lib/stripe/stripe-js';

/** A refused card, by decline code (or, without one, by error code). */
const cardCodeMessages: Readonly<Record<string, string>> = {
  insufficient_funds: 'Your card has insufficient funds. Please try a different payment method.',
  expired_card: 'Your card has expired. Please use a different card.',
  incorrect_cvc: "Your card's security code (CVC) is incorrect. Please check and try again.",
  processing_error: 'There was an error processing your card. Please try again or use a different card.',
  incorrect_number: 'Your card number is incorrect. Please check and try again.',
  card_declined: 'Your card was declined. Please contact your bank or try a different card.',
};

export const hardwarePaymentMessages = {
  ...cardMessages,

  /** Before any call. */
  cardIncomplete: 'Please complete your card details.',
  stripeNotReady: 'Payment processing is not available. Please try again.',

  /** The payment calls' failures. */
  serviceUnavailable: (detail: string) => `Payment service unavailable (${detail}). Please try again later.`,
  invalidResponse: 'Invalid response from server. Please try again.',
  failedWithStatus: (status: number | string) => `Payment failed with status: ${status}`,
  unexpectedStatus: (status: string) => `Unexpected payment status: ${status}`,
  processingFailed: 'An error occurred during payment processing.',

  /** Paid, but this browser could not keep the order for the thank-you page. */
  confirmationNotShown: (paymentReference: string) =>
    `Your payment was successful, but we encountered an error displaying the confirmation. Please contact customer support with your payment reference: ${paymentReference}`,
} as const;

/** The sentence for a refused card, from Stripe.js or from the server's 402 (which carries Stripe's codes). */
export function cardErrorMessage(error: PaymentErrorLike | null | undefined): string {
  return cardErrorText(error, { byDeclineCode: cardCodeMessages, byErrorCode: cardCodeMessages });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The sentence for a failed payment call (card setup, create-hardware-payment), given the
 * RTK Query error the call rejected with:
 * - no answer at all (`FETCH_ERROR`, `TIMEOUT_ERROR`): the service is unavailable, 'Network error';
 * - an answer that is not JSON (`PARSING_ERROR`; api.ts puts the status text in `error`):
 *   a failing status is 'unavailable ({status} {text})', a 2xx an invalid response;
 * - a 402 with a card's codes: the card table; any other JSON with an `error`: that text as is;
 *   JSON without one: 'Payment failed with status: {status}';
 * - anything else: the default sentence.
 */
export function paymentServiceMessage(error: unknown): string {
  if (!isObject(error)) return hardwarePaymentMessages.processingFailed;
  const { status } = error;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return hardwarePaymentMessages.serviceUnavailable('Network error');
  if (status === 'PARSING_ERROR') {
    const original = typeof error.originalStatus === 'number' ? error.originalStatus : 0;
    if (original > 0 && original < 400) return hardwarePaymentMessages.invalidResponse;
    return hardwarePaymentMessages.serviceUnavailable(`${original} ${text(error.error) || 'Network error'}`);
  }
  if (typeof status === 'number') {
    const body = error.data;
    if (!isObject(body)) return hardwarePaymentMessages.failedWithStatus(status);
    const code = text(body.code);
    const declineCode = text(body.decline_code);
    if (status === 402 && (code || declineCode)) {
      return cardErrorMessage({ code, decline_code: declineCode, message: text(body.error) });
    }
    return text(body.error) || hardwarePaymentMessages.failedWithStatus(status);
  }
  return hardwarePaymentMessages.processingFailed;
}
