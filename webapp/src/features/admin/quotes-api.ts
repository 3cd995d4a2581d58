import { adminApi, staffCall } from './api';
import type { QuoteListStatus, StaffQuoteRequest, StaffQuoteRequests } from './quote-types';

/** The sales team's quote requests, through the staff area's fetch layer. */
const quotesAdminApi = adminApi.enhanceEndpoints({ addTagTypes: ['StaffQuotes'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Open requests oldest first, or answered ones newest first (200 at most). */
    getQuoteRequests: build.query<StaffQuoteRequests, QuoteListStatus>({
      queryFn: (status, queryApi) =>
        staffCall({ url: 'admin/quote-requests', params: { status } }, queryApi, (body) => body as StaffQuoteRequests),
      providesTags: ['StaffQuotes'],
    }),
    /** The event names the signed-in staff member. */
    markQuoteAnswered: build.mutation<StaffQuoteRequest, string>({
      queryFn: (id, queryApi) =>
        staffCall({ url: `admin/quote-requests/${encodeURIComponent(id)}/answered`, method: 'POST' }, queryApi, (body) => body as StaffQuoteRequest),
      invalidatesTags: (_result, error) => (error ? [] : ['StaffQuotes']),
    }),
  }),
});

export const { useGetQuoteRequestsQuery, useMarkQuoteAnsweredMutation } = quotesAdminApi;
