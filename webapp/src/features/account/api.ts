/**
 * The account's calls (api/src/http/routes/account*.rs), injected into the one RTK Query api.
 * The signed-in ones carry the customer's session (`extraOptions: signedInOnly`: its CSRF token
 * on changes; a 401 signs the pages out, and AccountGate sends the visitor to sign in). Every
 * failure is RTK Query's `{ status, data }`, read by refusals.ts.
 */
import { api, type ApiExtraOptions } from '../../lib/api';
import { signedIn, signedOut, type AccountSession, type AccountState } from './account-slice';
import type {
  AccountOrderDetail,
  AccountOrders,
  Cancellation,
  Card,
  CardChange,
  Credit,
  HardwareReceipt,
  Invoice,
  LetterOfAuthority,
  NewSipPassword,
  TopUp,
  Transfers,
} from './types';

const signedInOnly: ApiExtraOptions = {
  auth: {
    csrfToken: (state) => (state as { account: AccountState }).account.session?.csrfToken ?? null,
    signedOut: (dispatch) => dispatch(signedOut()),
  },
};

export type SignInCredentials = { email: string; password: string } | { email: string; googleCredential: string };

/** Everything the account's pages hold of one customer: dropped when a session starts or ends. */
const ACCOUNT = 'Account';
/** An order's transfers, read again after a step that answers something else (a mobile's PAC). */
const TRANSFERS = 'AccountTransfers';

const segment = encodeURIComponent;
const order = (orderId: string) => `account/orders/${segment(orderId)}`;

const accountTagged = api.enhanceEndpoints({ addTagTypes: [ACCOUNT, TRANSFERS] });

export const accountApi = accountTagged.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in customer (into the account slice), or null when signed out (401). */
    getSession: build.query<AccountSession | null, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const result = await baseQuery('account/me');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        const session = result.data as AccountSession;
        dispatch(signedIn(session));
        return { data: session };
      },
      extraOptions: signedInOnly,
    }),
    signIn: build.mutation<AccountSession, SignInCredentials>({
      query: (body) => ({ url: 'account/sign-in', method: 'POST', body }),
      invalidatesTags: [ACCOUNT, TRANSFERS],
      onQueryStarted: startSession,
    }),
    /** The e-mailed link's new password; answers the session it starts. */
    setPassword: build.mutation<AccountSession, { token: string; password: string }>({
      query: (body) => ({ url: 'account/password', method: 'POST', body }),
      invalidatesTags: [ACCOUNT, TRANSFERS],
      onQueryStarted: startSession,
    }),
    /** Asks for the link that sets a new password; answers what to tell the visitor. */
    requestPasswordReset: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: 'account/password-reset', method: 'POST', body }),
    }),
    signOut: build.mutation<void, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const result = await baseQuery({ url: 'account/sign-out', method: 'POST' });
        // A 401 means the session had already ended: signed out all the same.
        if (result.error && result.error.status !== 401) return { error: result.error };
        dispatch(signedOut());
        return { data: undefined };
      },
      extraOptions: signedInOnly,
      invalidatesTags: [ACCOUNT, TRANSFERS],
    }),
    getOrders: build.query<AccountOrders, void>({
      query: () => 'account/orders',
      extraOptions: signedInOnly,
      providesTags: [ACCOUNT],
    }),
    getAccountOrder: build.query<AccountOrderDetail, string>({
      query: (orderId) => order(orderId),
      extraOptions: signedInOnly,
      providesTags: [ACCOUNT],
    }),
    getHardwareReceipt: build.query<HardwareReceipt, string>({
      query: (orderId) => `account/hardware-orders/${segment(orderId)}/receipt`,
      extraOptions: signedInOnly,
      providesTags: [ACCOUNT],
    }),
    /** A new SIP password for an extension of a service order (or a trial): shown once. */
    resetAccountSipPassword: build.mutation<NewSipPassword, { kind: 'order' | 'trial'; ownerId: string; number: string }>({
      query: ({ kind, ownerId, number }) => ({
        url: `account/${kind === 'trial' ? 'trials' : 'orders'}/${segment(ownerId)}/extensions/${segment(number)}/sip-password`,
        method: 'POST',
      }),
      extraOptions: signedInOnly,
    }),
    getTransfers: build.query<Transfers, string>({
      query: (orderId) => `${order(orderId)}/transfers`,
      extraOptions: signedInOnly,
      providesTags: (_result, _error, orderId) => [ACCOUNT, { type: TRANSFERS, id: orderId }],
    }),
    /** Signs (or corrects) a transfer's letter of authority; answers the order's transfers. */
    signLetterOfAuthority: build.mutation<Transfers, { orderId: string; number: string; details: LetterOfAuthority }>({
      query: ({ orderId, number, details }) => ({
        url: `${order(orderId)}/transfers/${segment(number)}/letter-of-authority`,
        method: 'POST',
        body: details,
      }),
      extraOptions: signedInOnly,
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(accountApi.util.upsertQueryData('getTransfers', orderId, data));
      },
    }),
    /** A mobile's new PAC code, through the order's own route as its signed-in owner (answers the order). */
    giveAccountTransferPac: build.mutation<unknown, { orderId: string; number: string; pac: string }>({
      query: ({ orderId, number, pac }) => ({ url: `orders/${segment(orderId)}/transfers/${segment(number)}/pac`, method: 'POST', body: { pac } }),
      extraOptions: signedInOnly,
      invalidatesTags: (_result, error, { orderId }) => (error ? [] : [{ type: TRANSFERS, id: orderId }]),
    }),
    getInvoices: build.query<Invoice[], string>({
      query: (orderId) => `${order(orderId)}/invoices`,
      transformResponse: (body: { invoices: Invoice[] }) => body.invoices,
      extraOptions: signedInOnly,
      providesTags: [ACCOUNT],
    }),
    /** The card on file, or null. */
    getCard: build.query<Card | null, string>({
      query: (orderId) => `${order(orderId)}/card`,
      transformResponse: (body: { card?: Card | null }) => body.card ?? null,
      extraOptions: signedInOnly,
      providesTags: [ACCOUNT],
    }),
    /** A new card's setup, to be confirmed with Stripe.js before finishCardChange. */
    startCardChange: build.mutation<CardChange, string>({
      query: (orderId) => ({ url: `${order(orderId)}/card/setup`, method: 'POST' }),
      extraOptions: signedInOnly,
    }),
    finishCardChange: build.mutation<Card, { orderId: string; setupIntentId: string }>({
      query: ({ orderId, setupIntentId }) => ({ url: `${order(orderId)}/card`, method: 'POST', body: { setupIntentId } }),
      extraOptions: signedInOnly,
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(accountApi.util.upsertQueryData('getCard', orderId, data));
      },
    }),
    getCancellation: build.query<Cancellation, string>({
      query: (orderId) => `${order(orderId)}/cancellation`,
      extraOptions: signedInOnly,
      providesTags: [ACCOUNT],
    }),
    /** Gives notice (`cancel: true`) or takes it back; answers the cancellation. */
    setCancellation: build.mutation<Cancellation, { orderId: string; cancel: boolean }>({
      query: ({ orderId, cancel }) => ({ url: `${order(orderId)}/cancellation`, method: cancel ? 'POST' : 'DELETE' }),
      extraOptions: signedInOnly,
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(accountApi.util.upsertQueryData('getCancellation', orderId, data));
      },
    }),
    getCredit: build.query<Credit, string>({
      query: (orderId) => `${order(orderId)}/credit`,
      extraOptions: signedInOnly,
      providesTags: [ACCOUNT],
    }),
    /** A top-up by the card on file; `requestId` is the same for its retry after 3-D Secure. */
    topUp: build.mutation<TopUp, { orderId: string; amountPence: number; requestId: string }>({
      query: ({ orderId, amountPence, requestId }) => ({ url: `${order(orderId)}/credit/top-ups`, method: 'POST', body: { amountPence, requestId } }),
      extraOptions: signedInOnly,
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data && data.status !== 'needsAction') dispatch(accountApi.util.upsertQueryData('getCredit', orderId, data.credit));
      },
    }),
    /** Calls abroad on with a monthly cap in pence, or off (`null`); answers the credit. */
    setInternationalCalls: build.mutation<Credit, { orderId: string; monthlyCapPence: number | null }>({
      query: ({ orderId, monthlyCapPence }) => ({ url: `${order(orderId)}/credit/international-calls`, method: 'PUT', body: { monthlyCapPence } }),
      extraOptions: signedInOnly,
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(accountApi.util.upsertQueryData('getCredit', orderId, data));
      },
    }),
  }),
});

/** A session that began (sign-in, a new password): into the account slice. */
async function startSession(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: ReturnType<typeof signedIn>) => unknown; queryFulfilled: Promise<{ data: AccountSession }> },
): Promise<void> {
  const { data } = await queryFulfilled.catch(() => ({ data: null }));
  if (data) dispatch(signedIn(data));
}

export const {
  useGetSessionQuery,
  useSignInMutation,
  useSetPasswordMutation,
  useRequestPasswordResetMutation,
  useSignOutMutation,
  useGetOrdersQuery,
  useGetAccountOrderQuery,
  useGetHardwareReceiptQuery,
  useResetAccountSipPasswordMutation,
  useGetTransfersQuery,
  useSignLetterOfAuthorityMutation,
  useGiveAccountTransferPacMutation,
  useGetInvoicesQuery,
  useGetCardQuery,
  useStartCardChangeMutation,
  useFinishCardChangeMutation,
  useGetCancellationQuery,
  useSetCancellationMutation,
  useGetCreditQuery,
  useTopUpMutation,
  useSetInternationalCallsMutation,
} = accountApi;
