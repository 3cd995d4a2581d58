import { adminApi, staffCall } from './api';
import type { FraudAccount, FraudAccountRef, FraudOverview } from './fraud-types';

const accountPath = ({ kind, id }: FraudAccountRef) => `admin/fraud/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
const accountTag = ({ kind, id }: FraudAccountRef) => ({ type: 'StaffFraud' as const, id: `${kind}/${id}` });
const OVERVIEW_TAG = { type: 'StaffFraud' as const, id: 'overview' };

/** Staff's fraud panel (support and admin staff), through the staff area's fetch layer. */
const fraudApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** The accounts nearest their daily spend cap first (at most 50), with the totals of all. */
    getFraudOverview: build.query<FraudOverview, void>({
      queryFn: (_arg, queryApi) => staffCall({ url: 'admin/fraud' }, queryApi, (body) => body as FraudOverview),
      providesTags: [OVERVIEW_TAG],
    }),
    /** One account: its figures, calls in progress, last 7 days and refusals by reason. */
    getFraudAccount: build.query<FraudAccount, FraudAccountRef>({
      queryFn: (ref, queryApi) => staffCall({ url: accountPath(ref) }, queryApi, (body) => body as FraudAccount),
      providesTags: (_result, _error, ref) => [accountTag(ref)],
    }),
    /** An admin sets a service order's daily cap (whole pence); answers the account afresh, written into its cache. */
    setDailyCap: build.mutation<FraudAccount, FraudAccountRef & { pence: number }>({
      queryFn: ({ pence, ...ref }, queryApi) =>
        staffCall({ url: `${accountPath(ref)}/daily-cap`, method: 'POST', body: { pence } }, queryApi, (body) => body as FraudAccount),
      invalidatesTags: (_result, error) => (error ? [] : [OVERVIEW_TAG]),
      async onQueryStarted({ kind, id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(fraudApi.util.upsertQueryData('getFraudAccount', { kind, id }, data));
        } catch {
          // The form shows the server's message.
        }
      },
    }),
  }),
});

export const { useGetFraudOverviewQuery, useGetFraudAccountQuery, useSetDailyCapMutation } = fraudApi;
