import { describe, expect, it } from 'vitest';
import { cardErrorMessage, hardwarePaymentMessages, paymentServiceMessage } from './hardware-payment-messages';

describe('cardErrorMessage (docs/product-rules.md, Hardware checkout)', () => {
  it.each([
    ['insufficient_funds', 'Your card has insufficient funds. Please try a different payment method.'],
    ['expired_card', 'Your card has expired. Please use a different card.'],
    ['incorrect_cvc', "Your card's security code (CVC) is incorrect. Please check and try again."],
    ['processing_error', 'There was an error processing your card. Please try again or use a different card.'],
    ['incorrect_number', 'Your card number is incorrect. Please check and try again.'],
    ['card_declined', 'Your card was declined. Please contact your bank or try a different card.'],
    ['lost_card', 'Your card was declined (lost_card). Please contact your bank or try a different card.'],
    ['generic_decline', 'Your card was declined (generic_decline). Please contact your bank or try a different card.'],
  ])('decline code %s', (declineCode, message) => {
    expect(cardErrorMessage({ code: 'card_declined', decline_code: declineCode, message: 'Your card was declined.' })).toBe(message);
  });

  it.each([
    ['insufficient_funds', 'Your card has insufficient funds. Please try a different payment method.'],
    ['expired_card', 'Your card has expired. Please use a different card.'],
    ['incorrect_cvc', "Your card's security code (CVC) is incorrect. Please check and try again."],
    ['processing_error', 'There was an error processing your card. Please try again or use a different card.'],
    ['incorrect_number', 'Your card number is incorrect. Please check and try again.'],
    ['card_declined', 'Your card was declined. Please contact your bank or try a different card.'],
  ])('without a decline code, error code %s gives the same sentence', (code, message) => {
    expect(cardErrorMessage({ code, message: 'Something from Stripe.' })).toBe(message);
  });

  it("another error code: the provider's message, else 'Payment failed ({code})'", () => {
    expect(cardErrorMessage({ code: 'setup_intent_authentication_failure', message: 'Authentication failed.' })).toBe('Authentication failed.');
    expect(cardErrorMessage({ code: 'rate_limit' })).toBe('Payment failed (rate_limit). Please try a different card.');
  });

  it('no code: the message, else the sentence for nothing to go on; no error at all: unexpected', () => {
    expect(cardErrorMessage({ message: 'Your card number is incomplete.' })).toBe('Your card number is incomplete.');
    expect(cardErrorMessage({})).toBe('Your payment could not be processed. Please try again or use a different card.');
    expect(cardErrorMessage(null)).toBe('An unexpected error occurred. Please try again.');
    expect(cardErrorMessage(undefined)).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('paymentServiceMessage (docs/product-rules.md, Hardware checkout)', () => {
  it('no answer: the service is unavailable, Network error', () => {
    expect(paymentServiceMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Payment service unavailable (Network error). Please try again later.',
    );
    expect(paymentServiceMessage({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toBe('Payment service unavailable (Network error). Please try again later.');
  });

  it('a failing answer that is not JSON: its status and status text (Network error without one)', () => {
    expect(paymentServiceMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'Bad Gateway' })).toBe(
      'Payment service unavailable (502 Bad Gateway). Please try again later.',
    );
    expect(paymentServiceMessage({ status: 'PARSING_ERROR', originalStatus: 503, data: '', error: '' })).toBe(
      'Payment service unavailable (503 Network error). Please try again later.',
    );
  });

  it('a 2xx that is not JSON is an invalid response', () => {
    expect(paymentServiceMessage({ status: 'PARSING_ERROR', originalStatus: 200, data: 'OK', error: 'OK' })).toBe('Invalid response from server. Please try again.');
  });

  it("a 402 with the card's codes goes through the card table", () => {
    expect(paymentServiceMessage({ status: 402, data: { error: 'Your card was declined.', code: 'card_declined', decline_code: 'insufficient_funds' } })).toBe(
      'Your card has insufficient funds. Please try a different payment method.',
    );
    expect(paymentServiceMessage({ status: 402, data: { error: 'Your card was declined.', code: 'card_declined', decline_code: null } })).toBe(
      'Your card was declined. Please contact your bank or try a different card.',
    );
    expect(paymentServiceMessage({ status: 402, data: { error: 'Your card has expired.', code: 'expired_card' } })).toBe(
      'Your card has expired. Please use a different card.',
    );
  });

  it("any other JSON refusal: the server's error as is, else 'Payment failed with status'", () => {
    expect(paymentServiceMessage({ status: 409, data: { error: 'This order has expired. Please check out again.', code: 'order_cancelled' } })).toBe(
      'This order has expired. Please check out again.',
    );
    expect(paymentServiceMessage({ status: 502, data: { error: 'The payment service did not answer. Please try again.', code: 'payment_service_unavailable' } })).toBe(
      'The payment service did not answer. Please try again.',
    );
    expect(paymentServiceMessage({ status: 500, data: {} })).toBe('Payment failed with status: 500');
    expect(paymentServiceMessage({ status: 500, data: 'oops' })).toBe('Payment failed with status: 500');
  });

  it('anything else: the default sentence', () => {
    expect(paymentServiceMessage(new Error('boom'))).toBe('An error occurred during payment processing.');
    expect(paymentServiceMessage(undefined)).toBe('An error occurred during payment processing.');
  });

  it('the other sentences, word for word', () => {
    expect(hardwarePaymentMessages.cardIncomplete).toBe('Please complete your card details.');
    expect(hardwarePaymentMessages.stripeNotReady).toBe('Payment processing is not available. Please try again.');
    expect(hardwarePaymentMessages.unexpectedStatus('processing')).toBe('Unexpected payment status: processing');
    expect(hardwarePaymentMessages.confirmationNotShown('pi_123')).toBe(
      'Your payment was successful, but we encountered an error displaying the confirmation. Please contact customer support with your payment reference: pi_123',
    );
  });
});
