import { loadScript } from './load-script';

/** The fields of a Stripe.js error (or of a server body that carries Stripe's codes) read here. */
export interface PaymentErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/**
 * The few Stripe.js calls the checkout and the free trial make. Real Stripe.js and the local stand-in's copy
 * (localstripe) both have them; the stand-in's card element calls `change` handlers without an
 * event and has no `off()`, so neither is relied on.
 */
export interface StripeCardChangeEvent {
  complete: boolean;
  error?: { message?: string };
}

export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(event: 'change', handler: (event?: StripeCardChangeEvent) => void): void;
  destroy(): void;
  /** The stand-in's element only: what was typed (exp_year as '20' + the two digits). */
  value?: { card?: { number?: string; exp_month?: string; exp_year?: string; cvc?: string } };
}

export interface StripeElements {
  create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
}

export interface StripeSetupIntent {
  id: string;
  status: string;
  payment_method: string | { id: string } | null;
}

export interface StripePaymentIntent {
  id: string;
  status: string;
}

/** The buyer's details given with a card (Stripe's `billing_details`); `country` is a two-letter code. */
export interface StripeBillingDetails {
  name?: string;
  email?: string;
  phone?: string;
  address?: { line1?: string; line2?: string; city?: string; postal_code?: string; country?: string };
}

export interface StripeClient {
  elements(): StripeElements;
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details?: StripeBillingDetails } },
  ): Promise<{ error?: PaymentErrorLike | null; setupIntent?: StripeSetupIntent }>;
  confirmCardPayment(clientSecret: string): Promise<{ error?: PaymentErrorLike | null; paymentIntent?: StripePaymentIntent }>;
}

export type StripeConstructor = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

/** One client per Stripe.js copy and key. */
const clients = new WeakMap<StripeConstructor, Map<string, StripeClient>>();

/** Loads Stripe.js from `scriptUrl` (once; not when the page already has it) and makes the client. */
export async function loadStripe(scriptUrl: string, publishableKey: string): Promise<StripeClient> {
  if (!window.Stripe) await loadScript(scriptUrl, 'body');
  const Stripe = window.Stripe;
  if (!Stripe) throw new Error('Stripe.js did not define window.Stripe');
  let byKey = clients.get(Stripe);
  if (!byKey) {
    byKey = new Map();
    clients.set(Stripe, byKey);
  }
  let client = byKey.get(publishableKey);
  if (!client) {
    client = Stripe(publishableKey);
    byKey.set(publishableKey, client);
  }
  return client;
}

/**
 * Whether the card element holds a complete card: Stripe's `complete` when a change event came,
 * else (the stand-in) what was typed: a 16-digit number, month, two-digit year and a 3-digit CVC.
 */
export function isCardComplete(element: StripeCardElement, event?: StripeCardChangeEvent): boolean {
  if (event) return event.complete;
  const card = element.value?.card;
  if (!card) return false;
  return (
    (card.number ?? '').replace(/\s/g, '').length >= 16 &&
    Boolean(card.exp_month) &&
    (card.exp_year ?? '').length >= 4 &&
    (card.cvc ?? '').length >= 3
  );
}

/** The payment method's id of a confirmed setup intent. */
export function paymentMethodId(setupIntent: StripeSetupIntent): string | null {
  const method = setupIntent.payment_method;
  if (!method) return null;
  return typeof method === 'string' ? method : method.id;
}
