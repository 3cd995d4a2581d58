import { api } from '../../lib/api';
import type { Registrations } from '../../lib/api-types';
import { orderOwnerHeaders } from './order-link';
import { storedOrderSecret } from './order-secret';
import type {
  ConfirmTransferDetailsArgs,
  GiveTransferPacArgs,
  CreatePaymentIntentArgs,
  CreateSubscriptionArgs,
  CreateUserAccountArgs,
  DebugSubscriptionResponse,
  OrderView,
  PaymentIntentResponse,
  SetupIntentResponse,
  SubscriptionResponse,
  UserAccountResponse,
} from './types';

/**
 * The order secret this tab placed the order with, for the buyer's steps of a transfer: without it
 * (another browser, another tab) the server asks for the signed-in owner instead.
 */
function orderSecretHeader(orderId: string): Record<string, string> {
  const secret = storedOrderSecret(orderId);
  return secret ? { 'X-Order-Secret': secret } : {};
}

/** The service checkout's calls (api/API.md "Service checkout"), in the order the payment makes them. */
const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Places the order from the cart (the server prices it) and names it by `orderId`. */
    createPaymentIntent: build.mutation<PaymentIntentResponse, CreatePaymentIntentArgs>({
      query: (body) => ({ url: 'create-payment-intent/', method: 'POST', body }),
    }),
    createSetupIntent: build.mutation<SetupIntentResponse, { orderId: string }>({
      query: (body) => ({ url: 'create-setup-intent/', method: 'POST', body }),
    }),
    /** Charges the order; a 200 may ask for 3-D Secure (`requiresAction`), a 402 is a refused card. */
    createSubscription: build.mutation<SubscriptionResponse, CreateSubscriptionArgs>({
      query: (body) => ({ url: 'create-subscription/', method: 'POST', body }),
    }),
    /** The subscription's status as Stripe has it, when the charge's answer was unclear. */
    debugSubscription: build.mutation<DebugSubscriptionResponse, { subscriptionId: string }>({
      query: (body) => ({ url: 'debug-subscription/', method: 'POST', body }),
    }),
    /** Creates the account and extensions and completes the order (the SIP passwords come in this answer only). */
    createUserAccount: build.mutation<UserAccountResponse, CreateUserAccountArgs>({
      query: (body) => ({ url: 'create-user-account/', method: 'POST', body }),
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'Order', id: orderId }],
    }),
    /** The thank-you view of an order. */
    getOrder: build.query<OrderView, string>({
      // The order's details need the browser to show it is the buyer's (its session cookie, the
      // secret the order was placed with, or an e-mail's signed link): else the status alone.
      query: (orderId) => ({ url: `orders/${encodeURIComponent(orderId)}`, headers: orderOwnerHeaders(orderId) }),
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    /**
     * Where the order's extensions connect and whether each is registered now (polled by the
     * thank-you page): like the order's details, only for a browser that shows the order is its own.
     */
    getOrderRegistrations: build.query<Registrations, string>({
      query: (orderId) => ({ url: `orders/${encodeURIComponent(orderId)}/registrations`, headers: orderOwnerHeaders(orderId) }),
    }),
    /**
     * The buyer's transfer details and signed letter of authority for one of the order's ports.
     * Answers the order: it becomes the cached order at once; the order is read again either way
     * (after a refusal such as 'already submitted', the page shows where the transfer stands).
     */
    confirmTransferDetails: build.mutation<OrderView, ConfirmTransferDetailsArgs>({
      query: ({ orderId, number, details }) => ({
        url: `orders/${encodeURIComponent(orderId)}/transfers/${encodeURIComponent(number)}`,
        method: 'POST',
        headers: orderSecretHeader(orderId),
        body: details,
      }),
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(checkoutApi.util.upsertQueryData('getOrder', orderId, data));
        } catch {
          // The form shows the server's message.
        }
      },
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'Order', id: orderId }],
    }),
    giveTransferPac: build.mutation<OrderView, GiveTransferPacArgs>({
      query: ({ orderId, number, pac }) => ({
        url: `orders/${encodeURIComponent(orderId)}/transfers/${encodeURIComponent(number)}/pac`,
        method: 'POST',
        headers: orderSecretHeader(orderId),
        body: { pac },
      }),
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(checkoutApi.util.upsertQueryData('getOrder', orderId, data));
        } catch {
          // The form shows the server's message.
        }
      },
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'Order', id: orderId }],
    }),
  }),
});

export const {
  useCreatePaymentIntentMutation,
  useCreateSetupIntentMutation,
  useCreateSubscriptionMutation,
  useDebugSubscriptionMutation,
  useCreateUserAccountMutation,
  useGetOrderQuery,
  useGetOrderRegistrationsQuery,
  useConfirmTransferDetailsMutation,
  useGiveTransferPacMutation,
} = checkoutApi;
