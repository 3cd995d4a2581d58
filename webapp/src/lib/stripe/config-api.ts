import { api } from '../api';

/** GET /api/checkout/config */
export interface CheckoutConfig {
  stripePublishableKey: string;
  /** Stripe.js: the local stand-in's own copy in development, https://js.stripe.com/v3/ with real keys. */
  stripeJsUrl: string;
  /** Sign up with Google is offered only when this is set. */
  googleClientId: string | null;
}

/** The card pages' settings: Stripe's publishable key and script, and the Google client id (or null). */
const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCheckoutConfig: build.query<CheckoutConfig, void>({
      query: () => 'checkout/config',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetCheckoutConfigQuery } = configApi;
