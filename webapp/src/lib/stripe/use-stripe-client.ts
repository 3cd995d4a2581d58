import { useEffect, useState } from 'react';
import { loadStripe, type StripeClient } from './stripe-js';
import type { CheckoutConfig } from './config-api';

/** Stripe.js for a page with a card field, loaded once the server's config names the script and key. */
export function useStripeClient(config: CheckoutConfig | undefined) {
  const [state, setState] = useState<{ client: StripeClient | null; failed: boolean }>({ client: null, failed: false });
  const scriptUrl = config?.stripeJsUrl;
  const publishableKey = config?.stripePublishableKey;

  useEffect(() => {
    if (!scriptUrl || !publishableKey) return undefined;
    let cancelled = false;
    loadStripe(scriptUrl, publishableKey)
      .then((client) => {
        if (!cancelled) setState({ client, failed: false });
      })
      .catch((error: unknown) => {
        console.warn('Stripe.js could not be loaded', error);
        if (!cancelled) setState({ client: null, failed: true });
      });
    return () => {
      cancelled = true;
    };
  }, [scriptUrl, publishableKey]);

  return state;
}
