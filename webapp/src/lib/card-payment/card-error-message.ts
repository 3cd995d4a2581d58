/**
 * The sentence for a refused card, from Stripe.js or from a server body that carries Stripe's
 * codes: the order kind's own sentence for the decline code, else for the error code, else
 * Stripe's text, else one of the sentences below (the same in both checkouts).
 */
import type { PaymentErrorLike } from '../stripe/stripe-js';

export const cardMessages = {
  unexpected: 'An unexpected error occurred. Please try again.',
  noDetail: 'Your payment could not be processed. Please try again or use a different card.',
  declinedWithCode: (code: string) => `Your card was declined (${code}). Please contact your bank or try a different card.`,
  failedWithCode: (code: string) => `Payment failed (${code}). Please try a different card.`,
} as const;

/** An order kind's sentences by Stripe's codes. */
interface CardCodeTables {
  byDeclineCode: Readonly<Record<string, string>>;
  byErrorCode: Readonly<Record<string, string>>;
}

export function cardErrorMessage(error: PaymentErrorLike | null | undefined, tables: CardCodeTables): string {
  if (!error) return cardMessages.unexpected;
  if (error.decline_code) {
    return tables.byDeclineCode[error.decline_code] ?? cardMessages.declinedWithCode(error.decline_code);
  }
  if (error.code) {
    return tables.byErrorCode[error.code] ?? (error.message || cardMessages.failedWithCode(error.code));
  }
  return error.message || cardMessages.noDetail;
}
