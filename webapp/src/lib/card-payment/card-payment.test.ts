import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StripeCardElement } from '../stripe/stripe-js';
import { installFakeStripe } from '../../testing/fake-stripe';
import {
  startPayment,
  transition,
  type AttemptKey,
  type CardPaymentEvent,
  type CardPaymentState,
  type ChargeAnswer,
  type PaymentKind,
  type PaymentRules,
} from './card-payment';
import { CardPaymentFailure, cardPaymentTiming, runCardPayment, type CardPaymentAdapter } from './run-card-payment';

const texts: PaymentKind['texts'] = {
  cardError: (error) => `card: ${error.decline_code ?? error.code ?? error.message}`,
  setupFailed: 'setup failed',
  unexpected: 'unexpected',
  setupNotSucceeded: (status) => `setup ${status}`,
  noPaymentMethod: 'no card',
  missingClientSecret: 'no client secret',
  authenticationNotSucceeded: (status) => `check ${status ?? 'none'}`,
  missingPaymentId: 'no payment id',
  tooManyAuthentications: (status) => `too many: ${status}`,
};

const chargeAgain: PaymentRules = {
  afterAuthentication: 'charge-again',
  maxAuthentications: 2,
  authorisedStatuses: ['succeeded', 'processing'],
  processingRetries: 2,
};
const paidAfterCheck: PaymentRules = { afterAuthentication: 'paid', maxAuthentications: 1, authorisedStatuses: ['succeeded'], processingRetries: 2 };

const KEY: AttemptKey = { paymentMethodId: 'pm_1', setupIntentId: 'seti_1' };

const setupStarted: CardPaymentEvent = { type: 'setup-started', clientSecret: 'seti_1_secret', setupIntentId: 'seti_1' };
const cardConfirmed: CardPaymentEvent = { type: 'card-confirmed', setupIntent: { id: 'seti_1', status: 'succeeded', payment_method: 'pm_1' } };
const charged = (answer: ChargeAnswer): CardPaymentEvent => ({ type: 'charged', answer });
const authenticated = (status: string, id = 'pi_1'): CardPaymentEvent => ({ type: 'authenticated', paymentIntent: { id, status } });

/** The states the machine passes through for `events`, from the start. */
function walk(events: CardPaymentEvent[], rules: PaymentRules = chargeAgain): CardPaymentState[] {
  const states = [startPayment()];
  for (const event of events) states.push(transition(states[states.length - 1], event, { rules, texts }));
  return states;
}
const last = <T>(items: T[]) => items[items.length - 1];

describe('the card-payment machine', () => {
  it('success: setup intent, card confirmed, charged with the attempt key, paid', () => {
    const states = walk([setupStarted, cardConfirmed, charged({ kind: 'paid', paymentId: 'pi_1' })]);
    expect(states.map((state) => state.step)).toEqual(['set-up-card', 'confirm-card', 'charge', 'paid']);
    expect(states[2]).toMatchObject({ step: 'charge', attempt: KEY });
    expect(last(states)).toEqual({ step: 'paid', attempt: KEY, paymentId: 'pi_1' });
  });

  it("the setup intent's own id is the key when the server did not name it", () => {
    const states = walk([{ type: 'setup-started', clientSecret: 'seti_9_secret' }, { ...cardConfirmed, setupIntent: { id: 'seti_9', status: 'succeeded', payment_method: { id: 'pm_9' } } }]);
    expect(last(states)).toMatchObject({ step: 'charge', attempt: { paymentMethodId: 'pm_9', setupIntentId: 'seti_9' } });
  });

  it('a card declined at setup shows the kind\'s sentence for it; nothing is charged', () => {
    const declined = walk([setupStarted, { type: 'card-confirmed', error: { code: 'card_declined', decline_code: 'insufficient_funds' } }]);
    expect(last(declined)).toEqual({ step: 'failed', message: 'card: insufficient_funds' });
  });

  it('the setup steps that go wrong otherwise', () => {
    expect(last(walk([{ type: 'setup-started', clientSecret: null }]))).toEqual({ step: 'failed', message: 'setup failed' });
    expect(last(walk([setupStarted, { type: 'card-confirmed' }]))).toEqual({ step: 'failed', message: 'unexpected' });
    const canceled = { type: 'card-confirmed', setupIntent: { id: 'seti_1', status: 'canceled', payment_method: null } } as const;
    expect(last(walk([setupStarted, canceled]))).toEqual({ step: 'failed', message: 'setup canceled' });
    const noCard = { type: 'card-confirmed', setupIntent: { id: 'seti_1', status: 'succeeded', payment_method: null } } as const;
    expect(last(walk([setupStarted, noCard]))).toEqual({ step: 'failed', message: 'no card' });
  });

  it("a charge the server refused (a declined card) stops with the server's sentence", () => {
    const states = walk([setupStarted, cardConfirmed, charged({ kind: 'refused', message: 'Your card was declined.' })]);
    expect(last(states)).toEqual({ step: 'failed', message: 'Your card was declined.' });
  });

  it('requires_action, charge again: the check, then the same attempt key once more, then paid', () => {
    const states = walk([
      setupStarted,
      cardConfirmed,
      charged({ kind: 'requires_action', clientSecret: 'pi_1_secret' }),
      authenticated('succeeded'),
      charged({ kind: 'paid' }),
    ]);
    expect(states.map((state) => state.step)).toEqual(['set-up-card', 'confirm-card', 'charge', 'authenticate', 'charge', 'paid']);
    expect(states[3]).toMatchObject({ step: 'authenticate', clientSecret: 'pi_1_secret', attempt: KEY });
    expect(states[4]).toEqual({ step: 'charge', attempt: KEY, authenticated: ['pi_1_secret'], retries: 0 });
  });

  it('requires_action, paid after the check: the payment id from the server, else from Stripe.js', () => {
    const fromServer = walk([setupStarted, cardConfirmed, charged({ kind: 'requires_action', clientSecret: 'pi_7_secret', paymentId: 'pi_7' }), authenticated('succeeded', 'pi_other')], paidAfterCheck);
    expect(last(fromServer)).toEqual({ step: 'paid', attempt: KEY, paymentId: 'pi_7' });
    const fromStripe = walk([setupStarted, cardConfirmed, charged({ kind: 'requires_action', clientSecret: 'pi_7_secret' }), authenticated('succeeded', 'pi_7')], paidAfterCheck);
    expect(last(fromStripe)).toEqual({ step: 'paid', attempt: KEY, paymentId: 'pi_7' });
    const neither = walk([setupStarted, cardConfirmed, charged({ kind: 'requires_action', clientSecret: 'pi_7_secret' }), { type: 'authenticated', paymentIntent: { id: '', status: 'succeeded' } }], paidAfterCheck);
    expect(last(neither)).toEqual({ step: 'failed', message: 'no payment id' });
  });

  it('a check refused or not authorised stops; each kind names which statuses count', () => {
    const asked = [setupStarted, cardConfirmed, charged({ kind: 'requires_action', clientSecret: 'pi_1_secret' })];
    expect(last(walk([...asked, { type: 'authenticated', error: { message: 'We are unable to authenticate your payment method.' } }]))).toEqual({
      step: 'failed',
      message: 'card: We are unable to authenticate your payment method.',
    });
    expect(last(walk([...asked, authenticated('requires_payment_method')]))).toEqual({ step: 'failed', message: 'check requires_payment_method' });
    expect(last(walk([...asked, { type: 'authenticated' }]))).toEqual({ step: 'failed', message: 'check none' });
    // `processing` is authorised for one kind, not for the other.
    expect(last(walk([...asked, authenticated('processing')])).step).toBe('charge');
    expect(last(walk([...asked, authenticated('processing')], paidAfterCheck))).toEqual({ step: 'failed', message: 'check processing' });
  });

  it('requires_action without a client secret, the same ask again, or more asks than allowed stop', () => {
    expect(last(walk([setupStarted, cardConfirmed, charged({ kind: 'requires_action', clientSecret: null })]))).toEqual({ step: 'failed', message: 'no client secret' });
    const again = walk([
      setupStarted,
      cardConfirmed,
      charged({ kind: 'requires_action', clientSecret: 'pi_1_secret' }),
      authenticated('succeeded'),
      charged({ kind: 'requires_action', clientSecret: 'pi_1_secret', status: 'requires_action' }),
    ]);
    expect(last(again)).toEqual({ step: 'failed', message: 'too many: requires_action' });
    const ask = (n: number) => [charged({ kind: 'requires_action', clientSecret: `pi_${n}_secret` }), authenticated('succeeded')];
    const tooMany = walk([setupStarted, cardConfirmed, ...ask(1), ...ask(2), charged({ kind: 'requires_action', clientSecret: 'pi_3_secret' })]);
    expect(last(tooMany)).toEqual({ step: 'failed', message: 'too many: requires_action' });
  });

  it('processing then paid: a wait of 1 s, then the same attempt key again', () => {
    const states = walk([setupStarted, cardConfirmed, charged({ kind: 'processing', message: 'still processing' }), { type: 'waited' }, charged({ kind: 'paid' })]);
    expect(states.map((state) => state.step)).toEqual(['set-up-card', 'confirm-card', 'charge', 'wait', 'charge', 'paid']);
    expect(states[3]).toMatchObject({ step: 'wait', ms: 1000, attempt: KEY });
    expect(states[4]).toMatchObject({ step: 'charge', attempt: KEY, retries: 1 });
  });

  it('still processing after the last retry (waits of 1 s, then 2 s) shows the answer\'s sentence', () => {
    const processing = charged({ kind: 'processing', message: 'Your bank is still processing the payment.' });
    const states = walk([setupStarted, cardConfirmed, processing, { type: 'waited' }, processing, { type: 'waited' }, processing]);
    expect(states.filter((state) => state.step === 'wait').map((state) => (state as { ms: number }).ms)).toEqual([1000, 2000]);
    expect(last(states)).toEqual({ step: 'failed', message: 'Your bank is still processing the payment.' });
  });

  it('an event the state does not wait for changes nothing', () => {
    const start = startPayment();
    expect(transition(start, charged({ kind: 'paid' }), { rules: chargeAgain, texts })).toBe(start);
    const failed: CardPaymentState = { step: 'failed', message: 'x' };
    expect(transition(failed, setupStarted, { rules: chargeAgain, texts })).toBe(failed);
  });
});

const card: StripeCardElement = { mount: vi.fn(), on: vi.fn(), destroy: vi.fn() };

interface FakeOrder {
  id: string;
}

/** A fake order kind: the charges answer `answers` in turn; `store` is this tab's storage of the order being paid. */
function fakeKind(answers: ChargeAnswer[], store: Map<string, string>, rules: PaymentRules = chargeAgain) {
  const charges: AttemptKey[] = [];
  let placed = 0;
  const adapter: CardPaymentAdapter<FakeOrder, string> = {
    rules,
    texts,
    open: vi.fn(async () => {
      // A retry or a reload continues the order this tab placed.
      const kept = store.get('order');
      if (kept) return { id: kept };
      placed += 1;
      const id = `order-${placed}`;
      store.set('order', id);
      return { id };
    }),
    startSetup: vi.fn(async () => ({ clientSecret: 'seti_1_secret', setupIntentId: 'seti_1' })),
    billingDetails: () => ({ name: 'Jane Smith' }),
    charge: vi.fn(async (_order: FakeOrder, attempt: AttemptKey): Promise<ChargeAnswer> => {
      charges.push(attempt);
      return answers.shift() ?? { kind: 'refused', message: 'no more answers' };
    }),
    finish: vi.fn(async (order: FakeOrder, payment) => `${order.id} paid ${payment.paymentId ?? '(no id)'}`),
  };
  return { adapter, charges };
}

describe('runCardPayment', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes each call the machine asks for and finishes the order once paid', async () => {
    const stripe = installFakeStripe();
    const { adapter, charges } = fakeKind([{ kind: 'paid', paymentId: 'pi_1' }], new Map());
    await expect(runCardPayment(adapter, stripe.client, card)).resolves.toBe('order-1 paid pi_1');
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret', { payment_method: { card, billing_details: { name: 'Jane Smith' } } });
    expect(charges).toEqual([{ paymentMethodId: 'pm_123', setupIntentId: 'seti_1' }]);
  });

  it('a declined card rejects with its sentence and finishes nothing', async () => {
    const stripe = installFakeStripe();
    const { adapter } = fakeKind([{ kind: 'refused', message: 'Your card was declined.' }], new Map());
    const run = runCardPayment(adapter, stripe.client, card);
    await expect(run).rejects.toBeInstanceOf(CardPaymentFailure);
    await expect(run).rejects.toThrow('Your card was declined.');
    expect(adapter.finish).not.toHaveBeenCalled();
  });

  it('retries with the same attempt key: after a 3-D Secure check and while the bank is processing', async () => {
    const stripe = installFakeStripe();
    const waits = vi.spyOn(cardPaymentTiming, 'sleep').mockResolvedValue(undefined);
    const { adapter, charges } = fakeKind(
      [{ kind: 'requires_action', clientSecret: 'pi_1_secret' }, { kind: 'processing', message: 'processing' }, { kind: 'processing', message: 'processing' }, { kind: 'paid' }],
      new Map(),
    );
    await expect(runCardPayment(adapter, stripe.client, card)).resolves.toBe('order-1 paid (no id)');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret');
    expect(waits.mock.calls).toEqual([[1000], [2000]]);
    expect(charges).toHaveLength(4);
    for (const key of charges) expect(key).toEqual(charges[0]);
    expect(stripe.confirmCardSetup).toHaveBeenCalledTimes(1);
  });

  it('a failure of an adapter call (a price change, a failed server call) rejects as it is', async () => {
    class Repriced extends CardPaymentFailure {}
    const stripe = installFakeStripe();
    const { adapter } = fakeKind([], new Map());
    adapter.startSetup = async () => {
      throw new Repriced('The price changed.');
    };
    await expect(runCardPayment(adapter, stripe.client, card)).rejects.toBeInstanceOf(Repriced);
    expect(stripe.confirmCardSetup).not.toHaveBeenCalled();
  });

  it('a reload resumes: the next run continues the order kept in this tab, and the server answers the payment under way', async () => {
    const store = new Map<string, string>();
    const first = fakeKind([{ kind: 'processing', message: 'Your bank is still processing the payment.' }], store, { ...chargeAgain, processingRetries: 0 });
    const stripe = installFakeStripe();
    await expect(runCardPayment(first.adapter, stripe.client, card)).rejects.toThrow('Your bank is still processing the payment.');

    // The page is loaded again: a new run, the same tab's storage.
    const second = fakeKind([{ kind: 'paid', paymentId: 'pi_1' }], store);
    await expect(runCardPayment(second.adapter, installFakeStripe().client, card)).resolves.toBe('order-1 paid pi_1');
    expect(second.adapter.open).toHaveBeenCalledTimes(1);
    expect(store.get('order')).toBe('order-1');
  });
});
