import { describe, expect, it, vi } from 'vitest';
import { CART_ID } from '../../testing/fixtures';
import { CardPaymentFailure, cardPaymentTiming } from '../../lib/card-payment/run-card-payment';
import { AccountFieldsRejected, payOrder, type OrderSecrets, type PaymentCalls } from './pay-order';
import type { StripeCardElement } from '../../lib/stripe/stripe-js';
import { installFakeStripe } from '../../testing/fake-stripe';
import {
  accountFixture,
  filledForm,
  ORDER_ID,
  ORDER_SECRET,
  orderSecretMismatch,
  paidSubscription,
  paymentIntentFixture,
  setupIntentFixture,
} from './testing/fixtures';

const card: StripeCardElement = { mount: vi.fn(), on: vi.fn(), destroy: vi.fn() };

/** RTK Query's shape of a failed call. */
const httpError = (status: number, data: unknown) => ({ status, data });

function fakeCalls(overrides: Partial<PaymentCalls> = {}) {
  return {
    createPaymentIntent: vi.fn<PaymentCalls['createPaymentIntent']>(overrides.createPaymentIntent ?? (async () => paymentIntentFixture())),
    createSetupIntent: vi.fn<PaymentCalls['createSetupIntent']>(overrides.createSetupIntent ?? (async () => setupIntentFixture)),
    createSubscription: vi.fn<PaymentCalls['createSubscription']>(overrides.createSubscription ?? (async () => paidSubscription)),
    debugSubscription: vi.fn<PaymentCalls['debugSubscription']>(
      overrides.debugSubscription ?? (async () => ({ subscription: { id: 'sub_123', status: 'active' } })),
    ),
    createUserAccount: vi.fn<PaymentCalls['createUserAccount']>(overrides.createUserAccount ?? (async () => accountFixture())),
  };
}

/** The secrets kept by order id, as the checkout's state and sessionStorage do. */
function fakeSecrets(kept: Record<string, string> = {}) {
  return {
    kept,
    keep: vi.fn<OrderSecrets['keep']>((orderId, orderSecret) => {
      kept[orderId] = orderSecret;
    }),
    find: vi.fn<OrderSecrets['find']>((orderId) => kept[orderId] ?? null),
    latest: vi.fn<OrderSecrets['latest']>(() => Object.values(kept).at(-1) ?? null),
  };
}

function pay(
  calls: PaymentCalls,
  options: { isPayAsYouGo?: boolean; stripe?: ReturnType<typeof installFakeStripe>; secrets?: ReturnType<typeof fakeSecrets> } = {},
) {
  const stripe = options.stripe ?? installFakeStripe();
  const secrets = options.secrets ?? fakeSecrets();
  const progress: string[] = [];
  const result = payOrder(
    { cartId: CART_ID, customerInfo: filledForm(), stripe: stripe.client, card, isPayAsYouGo: options.isPayAsYouGo ?? false, orderSecrets: secrets },
    calls,
    (step) => progress.push(step),
  );
  return { result, progress, stripe, secrets };
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CardPaymentFailure);
    return (error as Error).message;
  }
  throw new Error('the payment did not fail');
}

describe('payOrder', () => {
  it('places the order, confirms the setup intent with the card, charges it and creates the account', async () => {
    const calls = fakeCalls();
    const { result, progress, stripe, secrets } = pay(calls);
    await expect(result).resolves.toEqual({
      orderId: ORDER_ID,
      orderNumber: 'SB-123456',
      email: 'jane@example.co.uk',
      password: 'correct-horse',
      extensions: accountFixture().extensions,
    });
    expect(calls.createPaymentIntent).toHaveBeenCalledWith({ cartId: CART_ID, customerInfo: filledForm() });
    expect(calls.createSetupIntent).toHaveBeenCalledWith({ orderId: ORDER_ID });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_123_secret_abc', {
      payment_method: { card, billing_details: { name: 'Jane Smith', email: 'jane@example.co.uk' } },
    });
    expect(calls.createSubscription).toHaveBeenCalledWith({ orderId: ORDER_ID, paymentMethodId: 'pm_123', setupIntentId: 'seti_123' });
    expect(calls.createUserAccount).toHaveBeenCalledWith({ orderId: ORDER_ID, orderSecret: ORDER_SECRET, password: 'correct-horse', customerInfo: filledForm() });
    expect(calls.debugSubscription).not.toHaveBeenCalled();
    expect(progress).toEqual(['paymentConfirmed', 'accountCreated', 'extensionsSetUp', 'subscriptionFinalised']);
    // The order's secret is kept as soon as the order is placed, before the card is used.
    expect(secrets.keep).toHaveBeenCalledWith(ORDER_ID, ORDER_SECRET);
    expect(secrets.keep.mock.invocationCallOrder[0]).toBeLessThan(calls.createSetupIntent.mock.invocationCallOrder[0]);
  });

  describe("the order's secret", () => {
    const sentSecret = (calls: ReturnType<typeof fakeCalls>) => calls.createUserAccount.mock.calls[0]?.[0].orderSecret;

    it("the answer's secret wins over one kept for the order earlier (the server gives the current one)", async () => {
      const calls = fakeCalls();
      const secrets = fakeSecrets({ [ORDER_ID]: 'os_old' });
      await pay(calls, { secrets }).result;
      expect(sentSecret(calls)).toBe(ORDER_SECRET);
      expect(secrets.kept[ORDER_ID]).toBe(ORDER_SECRET);
    });

    it('an answer without a secret (the order re-opened after a reload) sends the one this tab kept for that order', async () => {
      const calls = fakeCalls({ createPaymentIntent: async () => paymentIntentFixture({ orderSecret: undefined }) });
      const secrets = fakeSecrets({ [ORDER_ID]: 'os_kept_before_reload', 'another-order': 'os_other' });
      await pay(calls, { secrets }).result;
      expect(secrets.find).toHaveBeenCalledWith(ORDER_ID);
      expect(sentSecret(calls)).toBe('os_kept_before_reload');
      expect(secrets.keep).not.toHaveBeenCalled();
    });

    it('a retry sends the secret of the order this tab placed, so the server continues that order; a first try sends none', async () => {
      const first = fakeCalls();
      await pay(first, { secrets: fakeSecrets() }).result;
      expect(first.createPaymentIntent.mock.calls[0][0]).not.toHaveProperty('orderSecret');
      const retry = fakeCalls();
      await pay(retry, { secrets: fakeSecrets({ [ORDER_ID]: 'os_placed_earlier' }) }).result;
      expect(retry.createPaymentIntent.mock.calls[0][0].orderSecret).toBe('os_placed_earlier');
    });

    it('without a secret from the server or kept, none is sent (a server older than the secret)', async () => {
      const calls = fakeCalls({ createPaymentIntent: async () => paymentIntentFixture({ orderSecret: undefined }) });
      await expect(pay(calls, { secrets: fakeSecrets({ 'another-order': 'os_other' }) }).result).resolves.toMatchObject({ orderId: ORDER_ID });
      expect(sentSecret(calls)).toBeUndefined();
    });

    it('403 order_secret_mismatch stops after payment with the server text and no passwords; its own sentence when the server sent none', async () => {
      const refused = fakeCalls({ createUserAccount: async () => Promise.reject(httpError(403, orderSecretMismatch)) });
      const { result, progress } = pay(refused);
      expect(await failureOf(result)).toBe('This order was placed from another browser. Please sign in or contact support.');
      expect(progress).toEqual(['paymentConfirmed']);

      const bare = fakeCalls({ createUserAccount: async () => Promise.reject(httpError(403, { code: 'order_secret_mismatch' })) });
      expect(await failureOf(pay(bare).result)).toBe('This order was placed from another browser. Please sign in or contact support.');
      const other403 = fakeCalls({ createUserAccount: async () => Promise.reject(httpError(403, { code: 'forbidden' })) });
      expect(await failureOf(pay(other403).result)).toBe('Failed to create user account');
    });
  });

  it('pay as you go has no subscription to finalise', async () => {
    const { result, progress } = pay(fakeCalls({ createPaymentIntent: async () => paymentIntentFixture({ paymentType: 'payg_topup_only' }) }), {
      isPayAsYouGo: true,
    });
    await result;
    expect(progress).toEqual(['paymentConfirmed', 'accountCreated', 'extensionsSetUp']);
  });

  it('refuses the legacy payment type and an unknown one before any card call', async () => {
    const legacy = fakeCalls({ createPaymentIntent: async () => paymentIntentFixture({ paymentType: 'payg_upfront_payment' }) });
    expect(await failureOf(pay(legacy).result)).toBe('Legacy payment type detected. Please refresh and try again.');
    expect(legacy.createSetupIntent).not.toHaveBeenCalled();

    const unknown = fakeCalls({
      createPaymentIntent: async () => paymentIntentFixture({ paymentType: 'mystery', useSubscription: false, splitPayment: false }),
    });
    expect(await failureOf(pay(unknown).result)).toBe('Invalid payment configuration received from server');
    expect(unknown.createSetupIntent).not.toHaveBeenCalled();

    // An unknown name with the subscription flag still follows the one flow.
    const flagged = fakeCalls({ createPaymentIntent: async () => paymentIntentFixture({ paymentType: 'payg_subscription', useSubscription: true }) });
    await expect(pay(flagged).result).resolves.toMatchObject({ orderId: ORDER_ID });
  });

  it("the server's 422 invalid_fields comes back as the fields to mark", async () => {
    const calls = fakeCalls({
      createPaymentIntent: async () => {
        throw httpError(422, { error: 'Please correct the errors below and try again.', code: 'invalid_fields', fieldErrors: { email: 'Please enter a valid email address' } });
      },
    });
    const { result } = pay(calls);
    await expect(result).rejects.toBeInstanceOf(AccountFieldsRejected);
    await result.catch((error: AccountFieldsRejected) => {
      expect(error.message).toBe('Please correct the errors below and try again.');
      expect(error.fieldErrors).toEqual({ email: 'Please enter a valid email address' });
    });
  });

  it.each([
    ['create-payment-intent', { createPaymentIntent: async () => Promise.reject(httpError(422, { error: 'Invalid cart data. Please try again.', code: 'empty_cart' })) }, 'Invalid cart data. Please try again.'],
    ['create-payment-intent', { createPaymentIntent: async () => Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError' }) }, 'Failed to create payment intent'],
    ['create-setup-intent', { createSetupIntent: async () => Promise.reject(httpError(500, { error: 'Internal error', code: 'internal' })) }, 'Internal error'],
    ['create-setup-intent', { createSetupIntent: async () => Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError' }) }, 'Failed to create setup intent'],
    ['create-subscription', { createSubscription: async () => Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError' }) }, 'Failed to create subscription'],
    ['create-user-account', { createUserAccount: async () => Promise.reject(httpError(409, { error: 'Payment has not been confirmed', code: 'payment_not_confirmed' })) }, 'Payment has not been confirmed'],
    ['create-user-account', { createUserAccount: async () => Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError' }) }, 'Failed to create user account'],
  ] as [string, Partial<PaymentCalls>, string][])('a failed %s shows "%s"', async (_call, overrides, message) => {
    expect(await failureOf(pay(fakeCalls(overrides)).result)).toBe(message);
  });

  it("a card refused in the setup intent shows the table's sentence; a setup intent left unconfirmed shows its status", async () => {
    const stripe = installFakeStripe();
    stripe.confirmCardSetup.mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card was declined.' } });
    const calls = fakeCalls();
    expect(await failureOf(pay(calls, { stripe }).result)).toBe('Your card has insufficient funds. Please use a different card or contact your bank.');
    expect(calls.createSubscription).not.toHaveBeenCalled();

    stripe.confirmCardSetup.mockResolvedValueOnce({ setupIntent: { id: 'seti_123', status: 'canceled', payment_method: null } });
    expect(await failureOf(pay(calls, { stripe }).result)).toBe('Setup intent not successful: canceled');
  });

  it('a charge the bank refused (402) shows the server text, else the flag default', async () => {
    const refused = fakeCalls({
      createSubscription: async () =>
        Promise.reject(httpError(402, { success: false, error: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline', card_declined: true })),
    });
    expect(await failureOf(pay(refused).result)).toBe('Your card was declined.');
    const flagOnly = fakeCalls({ createSubscription: async () => Promise.reject(httpError(402, { success: false, card_error: true })) });
    expect(await failureOf(pay(flagOnly).result)).toBe('Your payment was declined. Please try a different payment method.');
  });

  it('3-D Secure on the charge: confirmCardPayment, then the same request once more', async () => {
    const calls = fakeCalls();
    calls.createSubscription.mockResolvedValueOnce({ success: false, status: 'requires_action', requiresAction: true, clientSecret: 'pi_9_secret_x' });
    const { result, stripe } = pay(calls);
    await result;
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_9_secret_x');
    expect(calls.createSubscription).toHaveBeenCalledTimes(2);
    expect(calls.createSubscription.mock.calls[1]).toEqual(calls.createSubscription.mock.calls[0]);
  });

  it('3-D Secure for each payment of a split order: the subscription, then the top-up', async () => {
    const calls = fakeCalls();
    calls.createSubscription
      .mockResolvedValueOnce({ success: false, status: 'requires_action', requiresAction: true, clientSecret: 'pi_sub_secret_x' })
      .mockResolvedValueOnce({ success: false, status: 'requires_action', requiresAction: true, clientSecret: 'pi_top_secret_y' });
    const { result, stripe } = pay(calls, { isPayAsYouGo: true });
    await expect(result).resolves.toMatchObject({ orderId: ORDER_ID });
    expect(stripe.confirmCardPayment.mock.calls).toEqual([['pi_sub_secret_x'], ['pi_top_secret_y']]);
    expect(calls.createSubscription).toHaveBeenCalledTimes(3);
    expect(calls.createUserAccount).toHaveBeenCalledTimes(1);
  });

  it('more asks for 3-D Secure than an order has payments stops the payment', async () => {
    const calls = fakeCalls();
    let n = 0;
    calls.createSubscription.mockImplementation(async () => ({ success: false, status: 'requires_action', requiresAction: true, clientSecret: `pi_${(n += 1)}_secret` }));
    const { result, stripe } = pay(calls);
    expect(await failureOf(result)).toBe('Payment was not successful. Status: requires_action');
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(2);
    expect(calls.createUserAccount).not.toHaveBeenCalled();
  });

  it('3-D Secure refused or not completed stops the payment', async () => {
    const stripe = installFakeStripe();
    const calls = fakeCalls();
    calls.createSubscription.mockResolvedValue({ success: false, status: 'requires_action', requiresAction: true, clientSecret: 'pi_9_secret_x' });
    stripe.confirmCardPayment.mockResolvedValueOnce({ error: { code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' } });
    expect(await failureOf(pay(calls, { stripe }).result)).toBe('We are unable to authenticate your payment method.');

    stripe.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_9', status: 'requires_payment_method' } });
    expect(await failureOf(pay(calls, { stripe }).result)).toBe('Payment intent not successful: requires_payment_method');

    // Still asking for authentication after it was done.
    stripe.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    expect(await failureOf(pay(calls, { stripe }).result)).toBe('Payment was not successful. Status: requires_action');
    expect(calls.createUserAccount).not.toHaveBeenCalled();
  });

  it('202 payment_processing: the same request again after 1 s, then 2 s; paid then, or the server\'s sentence', async () => {
    const waits = vi.spyOn(cardPaymentTiming, 'sleep').mockResolvedValue(undefined);
    const processing = { success: false, error: 'Payment processing completed but status is unclear. Please contact support to verify your order.', code: 'payment_processing' };
    const calls = fakeCalls();
    calls.createSubscription.mockResolvedValueOnce(processing).mockResolvedValueOnce(processing);
    await expect(pay(calls).result).resolves.toMatchObject({ orderId: ORDER_ID });
    expect(waits.mock.calls).toEqual([[1000], [2000]]);
    expect(calls.createSubscription).toHaveBeenCalledTimes(3);
    expect(calls.createSubscription.mock.calls[2]).toEqual(calls.createSubscription.mock.calls[0]);

    const still = fakeCalls({ createSubscription: async () => processing });
    expect(await failureOf(pay(still).result)).toBe(processing.error);
    expect(still.createSubscription).toHaveBeenCalledTimes(3);
    expect(still.createUserAccount).not.toHaveBeenCalled();
    waits.mockRestore();
  });

  it('status incomplete counts as a declined card', async () => {
    const calls = fakeCalls({ createSubscription: async () => ({ success: false, status: 'incomplete', subscriptionId: 'sub_1' }) });
    expect(await failureOf(pay(calls).result)).toBe('Your card was declined. Please try a different payment method or contact your bank.');
  });

  it('an unclear answer is checked through the debug call', async () => {
    const unclear = { success: false, status: 'pending', subscriptionId: 'sub_1' };
    const active = fakeCalls({ createSubscription: async () => unclear });
    await expect(pay(active).result).resolves.toMatchObject({ orderId: ORDER_ID });
    expect(active.debugSubscription).toHaveBeenCalledWith({ subscriptionId: 'sub_1' });

    const pastDue = fakeCalls({ createSubscription: async () => unclear, debugSubscription: async () => ({ subscription: { id: 'sub_1', status: 'past_due' } }) });
    expect(await failureOf(pay(pastDue).result)).toBe('Payment was not successful (past_due). Please try again.');

    const failing = fakeCalls({ createSubscription: async () => unclear, debugSubscription: async () => Promise.reject(httpError(404, {})) });
    expect(await failureOf(pay(failing).result)).toBe('Payment verification failed. Please contact support.');

    const noStatus = fakeCalls({ createSubscription: async () => unclear, debugSubscription: async () => ({}) as never });
    expect(await failureOf(pay(noStatus).result)).toBe('Payment status could not be verified. Please try again or contact support.');

    const noId = fakeCalls({ createSubscription: async () => ({ success: false, status: 'pending' }) });
    expect(await failureOf(pay(noId).result)).toBe('Payment processing completed but status is unclear. Please contact support to verify your order.');
    expect(noId.createUserAccount).not.toHaveBeenCalled();
  });
});
