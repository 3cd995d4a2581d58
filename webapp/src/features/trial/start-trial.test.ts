import { describe, expect, it, vi } from 'vitest';
import { installFakeStripe } from '../../testing/fake-stripe';
import { filledForm } from '../../testing/account-form';
import type { StripeCardElement } from '../../lib/stripe/stripe-js';
import { formatTrialEnd } from './format-trial-end';
import { saveTrialCard, startTrial, trialRefusal, TrialRefused, type TrialCalls } from './start-trial';
import { freeNumber, TRIAL_ID, trialAccountFixture } from './testing/fixtures';

const element: StripeCardElement = { mount: vi.fn(), on: vi.fn(), destroy: vi.fn() };

function fakeCalls(overrides: Partial<TrialCalls> = {}) {
  return {
    createAccount: vi.fn<TrialCalls['createAccount']>(async () => trialAccountFixture()),
    createSetupIntent: vi.fn<TrialCalls['createSetupIntent']>(async () => ({ client_secret: 'seti_1_secret', setup_intent_id: 'seti_1', status: 'requires_payment_method' })),
    attachPaymentMethod: vi.fn<TrialCalls['attachPaymentMethod']>(async () => undefined),
    ...overrides,
  };
}

describe('trialRefusal', () => {
  it('keeps the form fields of a 422 and the number apart', () => {
    const refused = trialRefusal({
      status: 422,
      data: { error: 'Please correct the errors below and try again.', code: 'invalid_fields', fieldErrors: { phone: 'Please enter a valid phone number', selectedNumber: 'Please choose a free number first.', other: 'x' } },
    });
    expect(refused.message).toBe('Please correct the errors below and try again.');
    expect(refused.fieldErrors).toEqual({ phone: 'Please enter a valid phone number' });
    expect(refused.numberError).toBe('Please choose a free number first.');
  });

  it('uses the server’s text, else the page’s fallback', () => {
    expect(trialRefusal({ status: 409, data: { error: 'A free trial has already been used with this email address.', code: 'trial_already_used' } }).message).toBe(
      'A free trial has already been used with this email address.',
    );
    expect(trialRefusal({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).message).toBe('Error creating account. Please try again.');
    expect(trialRefusal({ status: 500, data: '<html>' }).message).toBe('Error creating account. Please try again.');
  });
});

describe('saveTrialCard', () => {
  it('confirms the setup intent with the card and attaches its payment method', async () => {
    const stripe = installFakeStripe();
    const calls = fakeCalls();
    expect(await saveTrialCard({ stripe: stripe.client, element }, TRIAL_ID, calls)).toBe(true);
    expect(calls.createSetupIntent).toHaveBeenCalledWith({ customerId: TRIAL_ID });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret', { payment_method: { card: element } });
    expect(calls.attachPaymentMethod).toHaveBeenCalledWith({ paymentMethodId: 'pm_123', customerId: TRIAL_ID });
  });

  it.each([
    ['the setup intent is refused', () => ({ createSetupIntent: vi.fn(async () => Promise.reject({ status: 409, data: { error: 'Trial over' } })) })],
    ['the setup intent has no secret', () => ({ createSetupIntent: vi.fn(async () => ({ client_secret: '', setup_intent_id: '', status: '' })) })],
    ['the attach fails', () => ({ attachPaymentMethod: vi.fn(async () => Promise.reject({ status: 502, data: {} })) })],
  ])('is false, without throwing, when %s', async (_name, override) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stripe = installFakeStripe();
    expect(await saveTrialCard({ stripe: stripe.client, element }, TRIAL_ID, fakeCalls(override()))).toBe(false);
    warn.mockRestore();
  });

  it('is false when Stripe.js refuses the card or the intent does not succeed', async () => {
    const stripe = installFakeStripe();
    stripe.confirmCardSetup.mockResolvedValueOnce({ error: { code: 'card_declined', message: 'Your card was declined.' } });
    stripe.confirmCardSetup.mockResolvedValueOnce({ setupIntent: { id: 'seti_1', status: 'requires_action', payment_method: 'pm_1' } });
    const calls = fakeCalls();
    expect(await saveTrialCard({ stripe: stripe.client, element }, TRIAL_ID, calls)).toBe(false);
    expect(await saveTrialCard({ stripe: stripe.client, element }, TRIAL_ID, calls)).toBe(false);
    expect(calls.attachPaymentMethod).not.toHaveBeenCalled();
  });
});

describe('startTrial', () => {
  it('creates the account and hands on the thank-you state without the passwords', async () => {
    const calls = fakeCalls();
    const state = await startTrial({ customerInfo: filledForm(), selectedNumber: freeNumber, card: null }, calls);
    expect(calls.createAccount).toHaveBeenCalledWith({ customerInfo: filledForm(), selectedNumber: freeNumber, packageType: 'trial' });
    expect(state.userInfo).not.toHaveProperty('password');
    expect(state.userInfo).not.toHaveProperty('confirmPassword');
    expect(state.extensionDetails).toEqual({ number: '101', username: 'jane101', password: 'HYZo9yHHvGpo' });
    expect(state.paymentMethodSaved).toBe(false);
    expect(calls.createSetupIntent).not.toHaveBeenCalled();
  });

  it('throws the text of a 200 carrying an error', async () => {
    const calls = fakeCalls({ createAccount: vi.fn(async () => ({ ...trialAccountFixture(), error: 'Paused.' })) });
    await expect(startTrial({ customerInfo: filledForm(), selectedNumber: freeNumber, card: null }, calls)).rejects.toEqual(new TrialRefused('Paused.'));
  });
});

describe('formatTrialEnd', () => {
  it('is the long en-GB form in UK time', () => {
    expect(formatTrialEnd('2026-11-30T09:00:00+00:00')).toBe('Monday 30 November 2026 at 09:00');
    expect(formatTrialEnd('2026-07-30T09:05:00Z')).toBe('Thursday 30 July 2026 at 10:05');
    expect(formatTrialEnd('not a date')).toBe('');
    expect(formatTrialEnd(null)).toBe('');
  });
});
