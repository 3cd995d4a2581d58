/**
 * The card-payment sequence both checkouts share, as a pure state machine: a setup intent
 * confirmed with the card (Stripe.js does any 3-D Secure of the setup), then the charge, asked
 * of the server with one attempt key (the card the setup saved and that setup's id) until it
 * answers paid or refused. The charge may ask for 3-D Secure (`requires_action`: Stripe.js
 * shows the bank's check, then the same request once more, or the payment is taken as paid) or
 * answer that the bank is still processing (the same request again after a wait). The server
 * answers a repeated request with the same attempt key by the payment already under way, so
 * repeating it never charges twice.
 *
 * No calls and no clock here: `transition` answers the next state for an event, and
 * run-card-payment.ts makes the call each state asks for. What differs between the order kinds
 * (the server's calls, their answers, the sentences) is the adapter's.
 */
import { paymentMethodId, type PaymentErrorLike, type StripePaymentIntent, type StripeSetupIntent } from '../stripe/stripe-js';

/** What the server's charge is asked with: the same for every repeat within one payment. */
export interface AttemptKey {
  /** The card the setup saved (Stripe's payment method id). */
  paymentMethodId: string;
  /** The setup intent that saved it. */
  setupIntentId: string;
}

/** The server's answer to a charge, as the order kind's adapter reads it. */
export type ChargeAnswer =
  | { kind: 'paid'; paymentId?: string }
  /** 3-D Secure: `clientSecret` is for Stripe.js; `status` is the answer's own (for the message). */
  | { kind: 'requires_action'; clientSecret: string | null; paymentId?: string; status?: string }
  /** The bank has not decided yet: the same request again later; `message` when it still has not. */
  | { kind: 'processing'; message: string }
  /** Refused (a declined card, a failed call): `message` is shown under the card field. */
  | { kind: 'refused'; message: string };

/** How an order kind's server finishes a payment. */
export interface PaymentRules {
  /**
   * After a 3-D Secure check the bank authorised: `charge-again` sends the same request once
   * more (the server may then ask for the next payment's check); `paid` takes the payment as made.
   */
  afterAuthentication: 'charge-again' | 'paid';
  /** The most 3-D Secure checks one payment may ask for. */
  maxAuthentications: number;
  /** The payment-intent statuses Stripe.js may answer a check with that count as authorised. */
  authorisedStatuses: readonly string[];
  /** How many times an answer of `processing` is asked again (after 1 s, 2 s, 4 s...). */
  processingRetries: number;
}

/** The sentences of the steps this module decides (each order kind words them its own way). */
export interface PaymentTexts {
  /** A card refused by Stripe.js (at setup or at a 3-D Secure check). */
  cardError(error: PaymentErrorLike): string;
  /** The setup's answer had no client secret for Stripe.js. */
  setupFailed: string;
  /** Stripe.js answered neither an error nor a setup intent (or payment intent). */
  unexpected: string;
  setupNotSucceeded(status: string): string;
  /** The confirmed setup named no card. */
  noPaymentMethod: string;
  /** A 3-D Secure ask without its client secret. */
  missingClientSecret: string;
  /** The check answered a status not in `authorisedStatuses` (undefined: no status at all). */
  authenticationNotSucceeded(status: string | undefined): string;
  /** `paid` after a check, but no payment id from the server or Stripe.js. */
  missingPaymentId: string;
  /** More 3-D Secure asks than `maxAuthentications`, or the same one again after it was done. */
  tooManyAuthentications(status: string): string;
}

export interface PaymentKind {
  rules: PaymentRules;
  texts: PaymentTexts;
}

/** Where a payment stands; each state but `paid` and `failed` waits for one call's answer. */
export type CardPaymentState =
  /** Ask the server for a setup intent. */
  | { step: 'set-up-card' }
  /** Confirm the setup with the card (Stripe.js). */
  | { step: 'confirm-card'; clientSecret: string; setupIntentId: string | null }
  /** Ask the server to charge `attempt`. */
  | { step: 'charge'; attempt: AttemptKey; authenticated: string[]; retries: number }
  /** The bank's 3-D Secure check (Stripe.js), then charge again or paid. */
  | { step: 'authenticate'; attempt: AttemptKey; authenticated: string[]; retries: number; clientSecret: string; paymentId?: string }
  /** The bank is processing: wait `ms`, then charge again. */
  | { step: 'wait'; attempt: AttemptKey; authenticated: string[]; retries: number; ms: number }
  | { step: 'paid'; attempt: AttemptKey; paymentId?: string }
  | { step: 'failed'; message: string };

export type CardPaymentEvent =
  | { type: 'setup-started'; clientSecret: string | null | undefined; setupIntentId?: string | null }
  | { type: 'card-confirmed'; error?: PaymentErrorLike | null; setupIntent?: StripeSetupIntent }
  | { type: 'charged'; answer: ChargeAnswer }
  | { type: 'authenticated'; error?: PaymentErrorLike | null; paymentIntent?: StripePaymentIntent }
  | { type: 'waited' };

const FIRST_RETRY_WAIT_MS = 1000;

/** The wait before repeat `retry` (from 1): 1000, 2000, 4000 ms... */
export const retryWaitMs = (retry: number) => FIRST_RETRY_WAIT_MS * 2 ** (retry - 1);

export const startPayment = (): CardPaymentState => ({ step: 'set-up-card' });

const failed = (message: string): CardPaymentState => ({ step: 'failed', message });

/** The state after `event`; an event the state does not wait for leaves it as it is. */
export function transition(state: CardPaymentState, event: CardPaymentEvent, { rules, texts }: PaymentKind): CardPaymentState {
  switch (state.step) {
    case 'set-up-card': {
      if (event.type !== 'setup-started') return state;
      if (!event.clientSecret) return failed(texts.setupFailed);
      return { step: 'confirm-card', clientSecret: event.clientSecret, setupIntentId: event.setupIntentId || null };
    }
    case 'confirm-card': {
      if (event.type !== 'card-confirmed') return state;
      if (event.error) return failed(texts.cardError(event.error));
      const { setupIntent } = event;
      if (!setupIntent) return failed(texts.unexpected);
      if (setupIntent.status !== 'succeeded') return failed(texts.setupNotSucceeded(setupIntent.status));
      const methodId = paymentMethodId(setupIntent);
      if (!methodId) return failed(texts.noPaymentMethod);
      const attempt = { paymentMethodId: methodId, setupIntentId: state.setupIntentId || setupIntent.id };
      return { step: 'charge', attempt, authenticated: [], retries: 0 };
    }
    case 'charge': {
      if (event.type !== 'charged') return state;
      const { answer } = event;
      const { attempt, authenticated, retries } = state;
      switch (answer.kind) {
        case 'paid':
          return { step: 'paid', attempt, paymentId: answer.paymentId };
        case 'refused':
          return failed(answer.message);
        case 'processing':
          if (retries >= rules.processingRetries) return failed(answer.message);
          return { step: 'wait', attempt, authenticated, retries: retries + 1, ms: retryWaitMs(retries + 1) };
        case 'requires_action': {
          const secret = answer.clientSecret;
          // Each payment of the order may ask in turn (a split order: the subscription, then
          // the top-up); the same ask again after it was done, or more asks than payments, stops.
          if (authenticated.length >= rules.maxAuthentications || (secret && authenticated.includes(secret))) {
            return failed(texts.tooManyAuthentications(answer.status ?? 'requires_action'));
          }
          if (!secret) return failed(texts.missingClientSecret);
          return { step: 'authenticate', attempt, authenticated, retries, clientSecret: secret, paymentId: answer.paymentId };
        }
      }
      return state;
    }
    case 'authenticate': {
      if (event.type !== 'authenticated') return state;
      if (event.error) return failed(texts.cardError(event.error));
      const status = event.paymentIntent?.status;
      if (!status || !rules.authorisedStatuses.includes(status)) return failed(texts.authenticationNotSucceeded(status));
      const { attempt, retries } = state;
      if (rules.afterAuthentication === 'paid') {
        const paymentId = state.paymentId || event.paymentIntent?.id;
        if (!paymentId) return failed(texts.missingPaymentId);
        return { step: 'paid', attempt, paymentId };
      }
      return { step: 'charge', attempt, authenticated: [...state.authenticated, state.clientSecret], retries };
    }
    case 'wait': {
      if (event.type !== 'waited') return state;
      const { attempt, authenticated, retries } = state;
      return { step: 'charge', attempt, authenticated, retries };
    }
    case 'paid':
    case 'failed':
      return state;
  }
}
