import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { fullPageLoad } from '../full-page-load';
import type { StripeCardElement, StripeClient } from '../stripe/stripe-js';
import { CardPaymentFailure, runCardPayment, type CardPaymentAdapter } from './run-card-payment';

/** The hard page load of the next page when the app's navigation has not happened by then. */
const REDIRECT_FALLBACK_MS = 500;

/** What one checkout does around the payment (its state lives in its own slice). */
interface CardPaymentCheckout<Order, Result> {
  stripe: StripeClient | null;
  card: StripeCardElement | null;
  /**
   * The checks before any call: the adapter to pay with, the sentence of a check that failed,
   * or null when there is nothing to pay.
   */
  prepare(): CardPaymentAdapter<Order, Result> | string | null;
  started(): void;
  /** Stopped before paid: `message` is the failure's sentence (`unexpected` for a fault of our own). */
  stopped(failure: unknown, message: string): void;
  /** Paid: the page to go to next, or null to stay. */
  paid(result: Result): string | null;
  /** After the navigation to the next page was asked for. */
  navigated?(result: Result): void;
  /** The next page's code, loaded while the buyer pays so the navigation at the end is immediate. */
  prefetch(): Promise<unknown>;
  /** The sentence for a fault of our own. */
  unexpected: string;
}

/**
 * Pay (either checkout): the checks before any call, the card payment of the checkout's order
 * kind (run-card-payment.ts), then on to the next page, with a hard page load when the app's
 * navigation has not happened within REDIRECT_FALLBACK_MS.
 */
export function useCardPayment<Order, Result>(checkout: CardPaymentCheckout<Order, Result>): () => Promise<void> {
  const navigate = useNavigate();
  const fallback = useRef<number | undefined>(undefined);

  // Leaving the page means the navigation happened: no hard page load then.
  useEffect(() => () => window.clearTimeout(fallback.current), []);

  return async () => {
    const { stripe, card } = checkout;
    const prepared = checkout.prepare();
    if (prepared === null) return;
    if (typeof prepared === 'string' || !stripe || !card) {
      const message = typeof prepared === 'string' ? prepared : checkout.unexpected;
      checkout.stopped(new CardPaymentFailure(message), message);
      return;
    }

    checkout.started();
    void checkout.prefetch().catch(() => undefined);
    let result: Result;
    try {
      result = await runCardPayment(prepared, stripe, card);
    } catch (failure) {
      if (!(failure instanceof CardPaymentFailure)) console.error('The card payment failed unexpectedly', failure);
      checkout.stopped(failure, failure instanceof CardPaymentFailure ? failure.message : checkout.unexpected);
      return;
    }
    const target = checkout.paid(result);
    if (target === null) return;
    navigate(target);
    checkout.navigated?.(result);
    fallback.current = window.setTimeout(() => fullPageLoad(target), REDIRECT_FALLBACK_MS);
  };
}
