import { api } from '../../lib/api';
import type { Quote, QuoteArgs } from '../../lib/api-types';

export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The server prices a package line before it is in a cart (cached by its args). */
    getQuote: build.query<Quote, QuoteArgs>({
      query: ({ plan, billingCycle, quantity }) => ({ url: 'quote', params: { plan, billingCycle, quantity } }),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetQuoteQuery } = plansApi;
