import { api } from '../../lib/api';
import type {
  AddressLookupResponse,
  AddressSuggestion,
  CheckoutConfig,
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

/** The service checkout's calls (api/API.md "Service checkout"), in the order the payment makes them. */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Stripe's publishable key and script, and the Google client id (or null). */
    getCheckoutConfig: build.query<CheckoutConfig, void>({
      query: () => 'checkout/config',
      keepUnusedDataFor: 3600,
    }),
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
      query: (orderId) => `orders/${encodeURIComponent(orderId)}`,
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    /** UK addresses at a postcode, through our server (which holds the lookup key). */
    lookupAddress: build.query<AddressSuggestion[], string>({
      query: (postcode) => ({ url: 'address-lookup/', params: { postcode } }),
      transformResponse: (response: AddressLookupResponse) => response.result ?? [],
      keepUnusedDataFor: 60,
    }),
  }),
});

export const {
  useGetCheckoutConfigQuery,
  useCreatePaymentIntentMutation,
  useCreateSetupIntentMutation,
  useCreateSubscriptionMutation,
  useDebugSubscriptionMutation,
  useCreateUserAccountMutation,
  useGetOrderQuery,
  useLazyLookupAddressQuery,
} = checkoutApi;
