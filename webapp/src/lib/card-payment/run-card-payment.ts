/**
 * Runs the card-payment machine (card-payment.ts) for one order kind: opens the order, makes
 * the call each state asks for (the adapter's server calls, Stripe.js, the wait), feeds the
 * answer back, and once paid lets the adapter finish the order.
 */
import type { StripeBillingDetails, StripeCardElement, StripeClient } from '../stripe/stripe-js';
import { startPayment, transition, type AttemptKey, type CardPaymentEvent, type ChargeAnswer, type PaymentKind } from './card-payment';

/** A payment that stopped, with the sentence to show under the card field. */
export class CardPaymentFailure extends Error {}

/** A payment made: the attempt key it was made with and, when the server named it, its id. */
export interface PaymentMade {
  attempt: AttemptKey;
  paymentId?: string;
}

/**
 * What one order kind does at each step. Each call resolves with its answer or rejects with a
 * CardPaymentFailure (or a subclass the checkout handles, such as a price change).
 */
export interface CardPaymentAdapter<Order, Result> extends PaymentKind {
  /** The order to pay: placed now, or already placed (a retry and a reload continue the same one). */
  open(): Promise<Order>;
  /** A new setup intent for the card (a used one is not used again). */
  startSetup(order: Order): Promise<{ clientSecret: string | null | undefined; setupIntentId?: string | null }>;
  billingDetails(order: Order): StripeBillingDetails;
  /** The server's charge, asked with the same attempt key each time within one payment. */
  charge(order: Order, attempt: AttemptKey): Promise<ChargeAnswer>;
  /** After the money moved: what the checkout keeps of the order. */
  finish(order: Order, payment: PaymentMade): Promise<Result>;
}

export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The waits between charges while the bank is processing (a seam: tests answer at once). */
export const cardPaymentTiming: { sleep: Sleep } = { sleep };

export async function runCardPayment<Order, Result>(
  adapter: CardPaymentAdapter<Order, Result>,
  stripe: StripeClient,
  card: StripeCardElement,
): Promise<Result> {
  const order = await adapter.open();
  let state = startPayment();
  for (;;) {
    let event: CardPaymentEvent;
    switch (state.step) {
      case 'set-up-card':
        event = { type: 'setup-started', ...(await adapter.startSetup(order)) };
        break;
      case 'confirm-card': {
        const billing_details = adapter.billingDetails(order);
        event = { type: 'card-confirmed', ...(await stripe.confirmCardSetup(state.clientSecret, { payment_method: { card, billing_details } })) };
        break;
      }
      case 'charge':
        event = { type: 'charged', answer: await adapter.charge(order, state.attempt) };
        break;
      case 'authenticate':
        event = { type: 'authenticated', ...(await stripe.confirmCardPayment(state.clientSecret)) };
        break;
      case 'wait':
        await cardPaymentTiming.sleep(state.ms);
        event = { type: 'waited' };
        break;
      case 'paid':
        return adapter.finish(order, { attempt: state.attempt, paymentId: state.paymentId });
      case 'failed':
        throw new CardPaymentFailure(state.message);
    }
    state = transition(state, event, adapter);
  }
}
