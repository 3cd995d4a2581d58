/**
 * Every message the payment step can show (docs/product-rules.md, Service checkout), in one place.
 * Sentences the older site used are kept word for word; the per-decline-code sentences are
 * our own, and each advises another card, the bank or a retry.
 */
import { cardErrorMessage, cardMessages } from '../../lib/card-payment/card-error-message';
import type { PaymentErrorLike } from '../../lib/stripe/stripe-js';

/** By decline code: the sentence shown for a card the bank refused. */
export const declineCodeMessages: Readonly<Record<string, string>> = {
  insufficient_funds: 'Your card has insufficient funds. Please use a different card or contact your bank.',
  expired_card: 'Your card has expired. Please use a different card.',
  incorrect_cvc: "Your card's security code is incorrect. Please check it and try again, or use a different card.",
  processing_error: 'An error occurred while processing your card. Please try again in a moment or use a different card.',
  incorrect_number: 'Your card number is incorrect. Please check it and try again, or use a different card.',
  card_declined: 'Your card was declined. Please contact your bank or try a different card.',
  lost_card: 'Your card was declined because it has been reported lost. Please use a different card.',
  stolen_card: 'Your card was declined because it has been reported stolen. Please use a different card.',
  pickup_card: 'Your card cannot be used for this payment. Please contact your bank or use a different card.',
  restricted_card: 'Your card is restricted and cannot be used for this payment. Please contact your bank or use a different card.',
  security_violation: 'Your card was declined for security reasons. Please contact your bank or use a different card.',
  service_not_allowed: 'Your card does not allow this kind of payment. Please contact your bank or use a different card.',
  transaction_not_allowed: 'Your card does not allow this transaction. Please contact your bank or use a different card.',
  currency_not_supported: 'Your card does not support payments in GBP. Please use a different card.',
  duplicate_transaction: 'An identical payment was made very recently. Please check with your bank before trying again.',
  fraudulent: 'Your card was declined. Please contact your bank or use a different card.',
  merchant_blacklist: 'Your card was declined. Please use a different card.',
  pin_try_exceeded: 'Too many PIN attempts were made with this card. Please use a different card or contact your bank.',
  do_not_honor: 'Your card was declined by your bank. Please contact your bank or use a different card.',
  do_not_try_again: 'Your card was declined. Please contact your bank or use a different card; do not retry this card.',
  invalid_account: 'The account linked to your card is invalid. Please contact your bank or use a different card.',
  new_account_information_available: 'Your card details have changed. Please contact your bank for the new details or use a different card.',
  try_again_later: 'Your card was declined for now. Please try again later or use a different card.',
  stop_payment_order: 'Your bank has stopped payments on this card. Please contact your bank or use a different card.',
  revocation_of_all_authorizations: 'Your bank has revoked payments on this card. Please contact your bank or use a different card.',
  revocation_of_authorization: 'Your bank has revoked this payment. Please contact your bank or use a different card.',
  issuer_not_available: 'Your bank could not be reached. Please try again in a moment or use a different card.',
  withdrawal_count_limit_exceeded: 'Your card has reached its spending limit. Please use a different card or contact your bank.',
  approve_with_id: 'The payment could not be authorised. Please try again or contact your bank.',
  issuer_unavailable: 'Your bank could not be reached. Please try again in a moment or use a different card.',
  reenter_transaction: 'The payment could not be processed. Please try again.',
};

/** By error code, when the error has no decline code. */
export const errorCodeMessages: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined. Please contact your bank or try a different card.',
  expired_card: 'Your card has expired. Please use a different card.',
  incorrect_cvc: "Your card's security code is incorrect. Please check it and try again.",
  processing_error: 'An error occurred while processing your card. Please try again in a moment.',
  incorrect_number: 'Your card number is incorrect. Please check it and try again.',
  invalid_expiry_month: "Your card's expiry month is invalid. Please check it and try again.",
  invalid_expiry_year: "Your card's expiry year is invalid. Please check it and try again.",
  invalid_cvc: "Your card's security code is invalid. Please check it and try again.",
  authentication_required: 'Your bank asks you to authenticate this payment. Please try again and complete the verification, or use a different card.',
  amount_too_large: 'The amount is larger than your card allows. Please use a different card or contact your bank.',
  amount_too_small: 'The amount is too small to be charged. Please contact us to complete your order.',
  balance_insufficient: 'Your card has insufficient funds. Please use a different card or contact your bank.',
  currency_not_supported: 'Your card does not support payments in GBP. Please use a different card.',
  instant_payouts_unsupported: 'Your card does not support this kind of payment. Please use a different card.',
  rate_limit: 'Too many requests. Please wait a moment and try again.',
};

export const paymentMessages = {
  ...cardMessages,

  setupIntentNotSuccessful: (status: string) => `Setup intent not successful: ${status}`,
  paymentIntentNotSuccessful: (status: string) => `Payment intent not successful: ${status}`,
  notSuccessfulStatus: (status: string) => `Payment was not successful. Status: ${status}`,
  incompleteDeclined: 'Your card was declined. Please try a different payment method or contact your bank.',
  notSuccessfulRetry: (status: string) => `Payment was not successful (${status}). Please try again.`,
  verificationFailed: 'Payment verification failed. Please contact support.',
  couldNotVerify: 'Payment status could not be verified. Please try again or contact support.',
  statusUnclear: 'Payment processing completed but status is unclear. Please contact support to verify your order.',
  legacyPaymentType: 'Legacy payment type detected. Please refresh and try again.',
  invalidConfiguration: 'Invalid payment configuration received from server',
  splitPaymentFailed: 'Split payment processing failed',

  paymentIntentFailed: 'Failed to create payment intent',
  setupIntentFailed: 'Failed to create setup intent',
  subscriptionFailed: 'Failed to create subscription',
  userAccountFailed: 'Failed to create user account',
  /** create-user-account's 403 `order_secret_mismatch`, when the server sent no text of its own. */
  orderSecretMismatch: 'This order was placed from another browser. Please sign in or contact support.',

  /** Defaults of the server's flags on a refused charge, when it sent no text. */
  cardDeclinedFlag: 'Your card has insufficient funds. Please try a different payment method.',
  cardErrorFlag: 'Your payment was declined. Please try a different payment method.',
  paymentErrorFlag: 'Payment processing failed. Please try again.',
} as const;

/** Checks made before any call ("Before payment" in docs/product-rules.md). */
export const beforePaymentMessages = {
  cardIncomplete: 'Please complete your card information.',
  invalidCart: 'Invalid cart data. Please try again.',
  invalidCustomer: 'Invalid customer information. Please go back and complete all required fields.',
  noAmounts: 'Unable to calculate payment amounts. Please try again.',
  noCardElement: 'Card element not found. Please refresh and try again.',
  stripeNotLoaded: 'Stripe has not loaded yet. Please try again.',
} as const;

/** The sentence for a Stripe error (from Stripe.js, or Stripe's codes passed on by the server). */
export function stripeErrorMessage(error: PaymentErrorLike | null | undefined): string {
  return cardErrorMessage(error, { byDeclineCode: declineCodeMessages, byErrorCode: errorCodeMessages });
}

/** A refused charge from create-subscription: the server's text, else its flag's default. */
export function subscriptionRefusalMessage(body: { error?: string; card_declined?: boolean; card_error?: boolean; payment_error?: boolean } | undefined): string {
  if (body?.error) return body.error;
  if (body?.card_declined) return paymentMessages.cardDeclinedFlag;
  if (body?.card_error) return paymentMessages.cardErrorFlag;
  if (body?.payment_error) return paymentMessages.paymentErrorFlag;
  return paymentMessages.subscriptionFailed;
}

