import { api } from '../../lib/api';
import type { QuoteReceived, QuoteRequestBody } from './types';

/** Quote requests (api/API.md, Quote requests). */
const quotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 201 with when to expect the reply; 422 with fieldErrors; 429 when sent too often. */
    requestQuote: build.mutation<QuoteReceived, QuoteRequestBody>({
      query: (body) => ({ url: 'quote-requests', method: 'POST', body }),
    }),
  }),
});

export const { useRequestQuoteMutation } = quotesApi;
