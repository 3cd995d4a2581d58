import { adminApi, staffCall } from './api';
import type {
  CallsOutRequest,
  CancelRequest,
  OpenTransfers,
  OrderCalls,
  OrderHistory,
  OrderHistoryArgs,
  OrderRef,
  OrderSearchArgs,
  OrderSearchPage,
  TransferMove,
  RefundRequest,
  SipPasswordReset,
} from './order-types';

const historyTag = ({ kind, id }: OrderRef) => ({ type: 'StaffOrderHistory' as const, id: `${kind}/${id}` });

const apiPath = ({ kind, id }: OrderRef) => `admin/orders/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

const asHistory = (body: unknown) => body as OrderHistory;

/**
 * An action answers the order's fresh history (replayed to its last event): it becomes the
 * latest history at once, and the search and every replay of the order are read again.
 */
const actionEffects = {
  invalidatesTags: (_result: OrderHistory | undefined, error: unknown, ref: OrderRef) => (error ? [] : ['StaffOrders' as const, historyTag(ref)]),
  async onQueryStarted(ref: OrderRef, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: OrderHistory }> }) {
    try {
      const { data } = await queryFulfilled;
      dispatch(ordersApi.util.upsertQueryData('getOrderHistory', { kind: ref.kind, id: ref.id }, data));
    } catch {
      // The page shows the server's message.
    }
  },
};

/** The support console's calls (support and admin staff), through the staff area's fetch layer. */
const ordersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page (20) of the orders matching `query`, newest first, from `before` (keyset: pages hold still as orders are placed). */
    searchOrders: build.query<OrderSearchPage, OrderSearchArgs>({
      queryFn: ({ query, before }, queryApi) =>
        staffCall({ url: 'admin/orders', params: { query, before: before || undefined } }, queryApi, (body) => body as OrderSearchPage),
      providesTags: ['StaffOrders'],
    }),
    /** The order's events, with its state replayed to `upTo` (the last event when undefined). */
    getOrderHistory: build.query<OrderHistory, OrderHistoryArgs>({
      queryFn: ({ kind, id, upTo }, queryApi) =>
        staffCall({ url: `${apiPath({ kind, id })}/history`, params: upTo === undefined ? undefined : { upTo } }, queryApi, asHistory),
      providesTags: (_result, _error, ref) => [historyTag(ref)],
    }),
    /** The order's calls as the SIP registrar recorded them, newest first, with counts by outcome. */
    getOrderCalls: build.query<OrderCalls, OrderRef>({
      queryFn: (ref, queryApi) => staffCall({ url: `${apiPath(ref)}/calls` }, queryApi, (body) => body as OrderCalls),
    }),
    resendConfirmation: build.mutation<OrderHistory, OrderRef>({
      queryFn: (ref, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/resend-confirmation`, method: 'POST', body: {} }, queryApi, asHistory),
      ...actionEffects,
    }),
    releaseNumber: build.mutation<OrderHistory, OrderRef & { number: string }>({
      queryFn: ({ number, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/release-number`, method: 'POST', body: { number } }, queryApi, asHistory),
      ...actionEffects,
    }),
    /** A free number of the lost one's area code becomes the order's; the buyer is e-mailed. */
    replaceNumber: build.mutation<OrderHistory, OrderRef & { lost: string }>({
      queryFn: ({ lost, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/replace-number`, method: 'POST', body: { lost } }, queryApi, asHistory),
      ...actionEffects,
    }),
    /** One of the free numbers of a paid area-code placeholder becomes the order's; the buyer is e-mailed. */
    fillPlaceholder: build.mutation<OrderHistory, OrderRef & { placeholder: string; number: string }>({
      queryFn: ({ placeholder, number, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/fill-placeholder`, method: 'POST', body: { placeholder, number } }, queryApi, asHistory),
      ...actionEffects,
    }),
    /**
     * A number transfer moved along (submitted, its date set, transferred or rejected); the buyer
     * is e-mailed. The open transfers are read again too.
     */
    moveTransfer: build.mutation<OrderHistory, OrderRef & { move: TransferMove }>({
      queryFn: ({ move, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/port`, method: 'POST', body: move }, queryApi, asHistory),
      onQueryStarted: actionEffects.onQueryStarted,
      invalidatesTags: (result, error, ref) => (error ? [] : [...actionEffects.invalidatesTags(result, error, ref), 'StaffTransfers' as const]),
    }),
    /** Every transfer not yet completed or rejected, the longest waiting first. */
    getOpenTransfers: build.query<OpenTransfers, void>({
      queryFn: (_arg, queryApi) => staffCall({ url: 'admin/transfers' }, queryApi, (body) => body as OpenTransfers),
      providesTags: ['StaffTransfers'],
    }),
    /** A new SIP password for one extension, answered once; the history then shows who reset it. */
    resetSipPassword: build.mutation<SipPasswordReset, OrderRef & { number: string }>({
      queryFn: ({ number, ...ref }, queryApi) =>
        staffCall(
          { url: `${apiPath(ref)}/reset-sip-password`, method: 'POST', body: { number } },
          queryApi,
          (body) => body as SipPasswordReset,
        ),
      invalidatesTags: (_result, error, { kind, id }) => (error ? [] : [historyTag({ kind, id })]),
    }),
    /** Admins only (403 for support staff). */
    extendTrial: build.mutation<OrderHistory, OrderRef & { days: number }>({
      queryFn: ({ days, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/extend`, method: 'POST', body: { days } }, queryApi, asHistory),
      ...actionEffects,
    }),
    /** Admins only (403 for support staff): Stripe gives the money back; the buyer is e-mailed. */
    refundOrder: build.mutation<OrderHistory, OrderRef & { refund: RefundRequest }>({
      queryFn: ({ refund, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/refund`, method: 'POST', body: refund }, queryApi, asHistory),
      ...actionEffects,
    }),
    /** Support and admins: recorded in the history for an admin to carry out; nothing refunded. */
    proposeRefund: build.mutation<OrderHistory, OrderRef & { refund: RefundRequest }>({
      queryFn: ({ refund, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/propose-refund`, method: 'POST', body: refund }, queryApi, asHistory),
      ...actionEffects,
    }),
    /** Admins only (403 for support staff): Stripe stops the subscription; the buyer is e-mailed. */
    cancelSubscription: build.mutation<OrderHistory, OrderRef & { cancel: CancelRequest }>({
      queryFn: ({ cancel, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/cancel-subscription`, method: 'POST', body: cancel }, queryApi, asHistory),
      ...actionEffects,
    }),
    /** Support and admins: recorded in the history for an admin to carry out; nothing cancelled. */
    proposeCancellation: build.mutation<OrderHistory, OrderRef & { cancel: CancelRequest }>({
      queryFn: ({ cancel, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/propose-cancellation`, method: 'POST', body: cancel }, queryApi, asHistory),
      ...actionEffects,
    }),
    /** Admins: calls out refused by the registrar with the reason as its 403's phrase. */
    suspendCallsOut: build.mutation<OrderHistory, OrderRef & { body: CallsOutRequest }>({
      queryFn: ({ body, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/suspend-calls-out`, method: 'POST', body }, queryApi, asHistory),
      ...actionEffects,
    }),
    /** Admins: calls out allowed again, whatever suspended them. */
    restoreCallsOut: build.mutation<OrderHistory, OrderRef & { body: CallsOutRequest }>({
      queryFn: ({ body, ...ref }, queryApi) =>
        staffCall({ url: `${apiPath(ref)}/restore-calls-out`, method: 'POST', body }, queryApi, asHistory),
      ...actionEffects,
    }),
  }),
});

export const {
  useSearchOrdersQuery,
  useGetOrderHistoryQuery,
  useGetOrderCallsQuery,
  useResendConfirmationMutation,
  useReleaseNumberMutation,
  useReplaceNumberMutation,
  useFillPlaceholderMutation,
  useExtendTrialMutation,
  useResetSipPasswordMutation,
  useMoveTransferMutation,
  useGetOpenTransfersQuery,
  useRefundOrderMutation,
  useProposeRefundMutation,
  useCancelSubscriptionMutation,
  useProposeCancellationMutation,
  useSuspendCallsOutMutation,
  useRestoreCallsOutMutation,
} = ordersApi;
