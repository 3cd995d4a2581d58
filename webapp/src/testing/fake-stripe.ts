import { vi } from 'vitest';
import type { StripeCardChangeEvent, StripeCardElement, StripeClient, StripeConstructor } from '../lib/stripe/stripe-js';

const FIELDS = ['number', 'exp_month', 'exp_year', 'cvc', 'postal_code'] as const;

/**
 * A card element like the local stand-in's: five text inputs named by their placeholders, a
 * `value` of what was typed (exp_year as '20' + the two digits), change handlers called without
 * an event, and no `off()`. `emit` plays a change event as real Stripe.js sends it.
 */
function fakeCardElement(): StripeCardElement & { destroyed: boolean; emit: (event: StripeCardChangeEvent) => void } {
  const listeners: ((event?: StripeCardChangeEvent) => void)[] = [];
  const inputs: HTMLInputElement[] = [];
  const element = {
    destroyed: false,
    value: undefined as StripeCardElement['value'],
    mount(target: HTMLElement) {
      for (const field of FIELDS) {
        const input = document.createElement('input');
        input.type = 'text';
        input.placeholder = field;
        input.addEventListener('input', () => {
          const read = (name: (typeof FIELDS)[number]) => inputs[FIELDS.indexOf(name)].value;
          element.value = {
            card: { number: read('number'), exp_month: read('exp_month'), exp_year: `20${read('exp_year')}`, cvc: read('cvc') },
          };
          listeners.forEach((handler) => handler());
        });
        inputs.push(input);
        target.appendChild(input);
      }
    },
    on(_event: 'change', handler: (event?: StripeCardChangeEvent) => void) {
      listeners.push(handler);
    },
    emit(event: StripeCardChangeEvent) {
      listeners.forEach((handler) => handler(event));
    },
    destroy() {
      element.destroyed = true;
      inputs.splice(0).forEach((input) => input.remove());
    },
  };
  return element;
}

export type ConfirmCardSetup = StripeClient['confirmCardSetup'];
type ConfirmCardPayment = StripeClient['confirmCardPayment'];

/** Installs `window.Stripe` (undone by vi.unstubAllGlobals after each test). */
export function installFakeStripe() {
  const elements: ReturnType<typeof fakeCardElement>[] = [];
  const confirmCardSetup = vi.fn<ConfirmCardSetup>(async () => ({
    setupIntent: { id: 'seti_123', status: 'succeeded', payment_method: 'pm_123' },
  }));
  const confirmCardPayment = vi.fn<ConfirmCardPayment>(async () => ({ paymentIntent: { id: 'pi_123', status: 'succeeded' } }));
  const client: StripeClient = {
    elements: () => ({
      create: () => {
        const element = fakeCardElement();
        elements.push(element);
        return element;
      },
    }),
    confirmCardSetup,
    confirmCardPayment,
  };
  const Stripe = vi.fn<StripeConstructor>(() => client);
  vi.stubGlobal('Stripe', Stripe);
  return { Stripe, client, confirmCardSetup, confirmCardPayment, elements };
}
