import { describe, expect, it } from 'vitest';
import {
  declineCodeMessages,
  errorCodeMessages,
  paymentMessages,
  stripeErrorMessage,
  subscriptionRefusalMessage,
} from './payment-messages';
import { serverErrorMessage } from '../../lib/api-error';

/** The decline codes the older site named (docs/product-rules.md, Service checkout). */
const SPEC_DECLINE_CODES = [
  'insufficient_funds', 'expired_card', 'incorrect_cvc', 'processing_error', 'incorrect_number', 'card_declined',
  'lost_card', 'stolen_card', 'pickup_card', 'restricted_card', 'security_violation', 'service_not_allowed',
  'transaction_not_allowed', 'currency_not_supported', 'duplicate_transaction', 'fraudulent', 'merchant_blacklist',
  'pin_try_exceeded', 'do_not_honor', 'do_not_try_again', 'invalid_account', 'new_account_information_available',
  'try_again_later', 'stop_payment_order', 'revocation_of_all_authorizations', 'revocation_of_authorization',
  'issuer_not_available', 'withdrawal_count_limit_exceeded', 'approve_with_id', 'issuer_unavailable', 'reenter_transaction',
];

/** The error codes the older site named (docs/product-rules.md, Service checkout). */
const SPEC_ERROR_CODES = [
  'card_declined', 'expired_card', 'incorrect_cvc', 'processing_error', 'incorrect_number', 'invalid_expiry_month',
  'invalid_expiry_year', 'invalid_cvc', 'authentication_required', 'amount_too_large', 'amount_too_small',
  'balance_insufficient', 'currency_not_supported', 'instant_payouts_unsupported', 'rate_limit',
];

describe('payment message table', () => {
  it('has a sentence for every decline code the older site named, each advising another card, the bank or a retry', () => {
    expect(Object.keys(declineCodeMessages).sort()).toEqual([...SPEC_DECLINE_CODES].sort());
    for (const code of SPEC_DECLINE_CODES) {
      expect(declineCodeMessages[code], code).toMatch(/different card|contact your bank|try again|check with your bank/i);
      expect(declineCodeMessages[code], code).toMatch(/\.$/);
    }
    expect(declineCodeMessages.currency_not_supported).toContain('GBP');
  });

  it('has a sentence for every error code the older site named, rate_limit word for word', () => {
    expect(Object.keys(errorCodeMessages).sort()).toEqual([...SPEC_ERROR_CODES].sort());
    expect(errorCodeMessages.rate_limit).toBe('Too many requests. Please wait a moment and try again.');
  });

  it('reads the decline code first, then the error code', () => {
    expect(stripeErrorMessage({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card was declined.' })).toBe(
      declineCodeMessages.insufficient_funds,
    );
    expect(stripeErrorMessage({ type: 'card_error', code: 'expired_card', message: 'Your card has expired.' })).toBe(errorCodeMessages.expired_card);
  });

  it('falls back for a decline code it does not know (one the local stand-in never produces)', () => {
    expect(stripeErrorMessage({ code: 'card_declined', decline_code: 'card_velocity_exceeded' })).toBe(
      'Your card was declined (card_velocity_exceeded). Please contact your bank or try a different card.',
    );
  });

  it('an unknown error code gives the provider message, or the code when there is none', () => {
    expect(stripeErrorMessage({ code: 'testmode_charges_only', message: 'Your account cannot currently make live charges.' })).toBe(
      'Your account cannot currently make live charges.',
    );
    expect(stripeErrorMessage({ code: 'testmode_charges_only' })).toBe('Payment failed (testmode_charges_only). Please try a different card.');
  });

  it('without a code: the provider message, else the no-detail sentence; without an error: the unexpected one', () => {
    expect(stripeErrorMessage({ message: 'The latest attempt to set up the payment method has failed because authentication failed.' })).toBe(
      'The latest attempt to set up the payment method has failed because authentication failed.',
    );
    expect(stripeErrorMessage({})).toBe('Your payment could not be processed. Please try again or use a different card.');
    expect(stripeErrorMessage(undefined)).toBe('An unexpected error occurred. Please try again.');
    expect(stripeErrorMessage(null)).toBe('An unexpected error occurred. Please try again.');
  });

  it("a refused charge shows the server's text, else its flag's default", () => {
    expect(subscriptionRefusalMessage({ error: 'Your card was declined.', card_declined: true })).toBe('Your card was declined.');
    expect(subscriptionRefusalMessage({ card_declined: true })).toBe('Your card has insufficient funds. Please try a different payment method.');
    expect(subscriptionRefusalMessage({ card_error: true })).toBe('Your payment was declined. Please try a different payment method.');
    expect(subscriptionRefusalMessage({ payment_error: true })).toBe('Payment processing failed. Please try again.');
    expect(subscriptionRefusalMessage(undefined)).toBe('Failed to create subscription');
  });

  it("server errors use the response's error text, else the step's fallback", () => {
    expect(serverErrorMessage({ status: 422, data: { error: 'Invalid cart data. Please try again.', code: 'empty_cart' } }, paymentMessages.paymentIntentFailed)).toBe(
      'Invalid cart data. Please try again.',
    );
    expect(serverErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, paymentMessages.setupIntentFailed)).toBe('Failed to create setup intent');
    expect(serverErrorMessage({ status: 500, data: 'Internal Server Error' }, paymentMessages.userAccountFailed)).toBe('Failed to create user account');
    expect(paymentMessages.paymentIntentFailed).toBe('Failed to create payment intent');
    expect(paymentMessages.subscriptionFailed).toBe('Failed to create subscription');
  });

  it('keeps the status sentences word for word', () => {
    expect(paymentMessages.setupIntentNotSuccessful('canceled')).toBe('Setup intent not successful: canceled');
    expect(paymentMessages.paymentIntentNotSuccessful('requires_payment_method')).toBe('Payment intent not successful: requires_payment_method');
    expect(paymentMessages.incompleteDeclined).toBe('Your card was declined. Please try a different payment method or contact your bank.');
    expect(paymentMessages.legacyPaymentType).toBe('Legacy payment type detected. Please refresh and try again.');
    expect(paymentMessages.invalidConfiguration).toBe('Invalid payment configuration received from server');
  });
});
