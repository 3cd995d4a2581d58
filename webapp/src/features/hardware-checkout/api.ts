import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api';
import { sleep, type Sleep } from '../../lib/card-payment/run-card-payment';
import { withPaymentRetry } from './payment-retry';
import type {
  CardSetupResponse,
  ConfirmHardwarePaymentAnswer,
  ConfirmHardwarePaymentBody,
  CreateHardwarePaymentAnswer,
  CreateHardwarePaymentBody,
  HardwareCheckoutOptions,
  HardwareOrderView,
  HardwareQuote,
  OrderRef,
  PlacedHardwareOrderView,
  PlaceHardwareOrderArgs,
  QuoteArgs,
} from './types';

type BaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;
type Result<T> = QueryReturnValue<T, FetchBaseQueryError, FetchBaseQueryMeta | undefined>;

/** The waits of the payment calls' retry rule (a seam: tests answer at once). */
export const paymentRetryTiming: { sleep: Sleep } = { sleep };

/** The two payment calls are never answered from a cache. */
const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

function parseJson(text: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * An answer read as text, then as JSON: a failing status with a JSON body is `{ status, data }`;
 * any answer that is not a JSON object is a `PARSING_ERROR` with the status and, in `error`, the
 * status text (what hardware-payment-messages.ts shows for an unavailable service).
 */
function readJsonAnswer<T>(result: Result<unknown>): Result<T> {
  const statusText = result.meta?.response?.statusText ?? '';
  if (result.error) {
    const { error } = result;
    if (typeof error.status !== 'number') return { error, meta: result.meta };
    const parsed = parseJson(error.data);
    if (parsed.ok && isObject(parsed.value)) return { error: { status: error.status, data: parsed.value }, meta: result.meta };
    return {
      error: { status: 'PARSING_ERROR', originalStatus: error.status, data: String(error.data ?? ''), error: statusText },
      meta: result.meta,
    };
  }
  const parsed = parseJson(result.data);
  if (parsed.ok && isObject(parsed.value)) return { data: parsed.value as T, meta: result.meta };
  return {
    error: { status: 'PARSING_ERROR', originalStatus: result.meta?.response?.status ?? 200, data: String(result.data ?? ''), error: statusText },
    meta: result.meta,
  };
}

/**
 * One of the two payment calls: POST `/api/{path}?_={now}` (a fresh URL each attempt) with
 * no-cache headers, under the retry rule (payment-retry.ts).
 */
function paymentCall<T, Body>(path: string, options: { retry: boolean } = { retry: true }) {
  return async (body: Body, queryApi: BaseQueryApi, extra: unknown, baseQuery: BaseQuery): Promise<Result<T>> => {
    const attempt = async () =>
      (await baseQuery(
        { url: `${path}?_=${Date.now()}`, method: 'POST', body, headers: NO_CACHE, responseHandler: 'text' },
        queryApi,
        extra as object,
      )) as Result<unknown>;
    const result = options.retry ? await withPaymentRetry(attempt, (ms) => paymentRetryTiming.sleep(ms)) : await attempt();
    return readJsonAnswer<T>(result);
  };
}

const orderPath = (orderId: string, rest = '') => `hardware-orders/${encodeURIComponent(orderId)}${rest}`;

/** The hardware checkout's calls, in the order the checkout makes them. */
export const hardwareCheckoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The shipping options and the shipping and billing countries (the server's price list). */
    getHardwareCheckoutOptions: build.query<HardwareCheckoutOptions, void>({
      query: () => 'hardware-checkout/options',
      keepUnusedDataFor: 3600,
    }),
    /** The cart's desk phones priced by the server, with the shipping option when one is given. */
    getHardwareQuote: build.query<HardwareQuote, QuoteArgs>({
      query: ({ cartId, shippingOption }) => ({
        url: 'hardware-checkout/quote',
        params: shippingOption ? { cartId, shippingOption } : { cartId },
      }),
    }),
    /** Review's Complete Order: places the order (201 with the order's secret). */
    placeHardwareOrder: build.mutation<PlacedHardwareOrderView, PlaceHardwareOrderArgs>({
      query: (body) => ({ url: 'hardware-orders', method: 'POST', body }),
    }),
    /** A new setup intent for the card (one per attempt: a used one is not used again). */
    startHardwareCardSetup: build.mutation<CardSetupResponse, OrderRef>({
      query: ({ orderId, orderSecret }) => ({ url: orderPath(orderId, '/card-setup'), method: 'POST', body: { orderSecret } }),
    }),
    createHardwarePayment: build.mutation<CreateHardwarePaymentAnswer, CreateHardwarePaymentBody>({
      queryFn: paymentCall<CreateHardwarePaymentAnswer, CreateHardwarePaymentBody>('create-hardware-payment/'),
    }),
    confirmHardwarePayment: build.mutation<ConfirmHardwarePaymentAnswer, ConfirmHardwarePaymentBody>({
      queryFn: paymentCall<ConfirmHardwarePaymentAnswer, ConfirmHardwarePaymentBody>('confirm-hardware-payment/'),
      invalidatesTags: (result) => (result ? [{ type: 'HardwareOrder', id: result.orderId ?? undefined }] : []),
    }),
    /**
     * The thank-you page's one background attempt for an order paid but not yet confirmed
     * (`payment-only`, `error-handled`): `paymentIntentId` only, a single call (the server's job
     * confirms the order within a minute anyway).
     */
    confirmHardwarePaymentInBackground: build.mutation<ConfirmHardwarePaymentAnswer, { paymentIntentId: string }>({
      queryFn: paymentCall<ConfirmHardwarePaymentAnswer, { paymentIntentId: string }>('confirm-hardware-payment/', { retry: false }),
      // Without the order's secret the answer is `{ status }` alone (no order id): every
      // hardware order this tab reads is read again.
      invalidatesTags: (result) => (result ? ['HardwareOrder'] : []),
    }),
    /** The thank-you view, only for the order's secret (sent as a header, never in the URL). */
    getHardwareOrder: build.query<HardwareOrderView, OrderRef>({
      query: ({ orderId, orderSecret }) => ({ url: orderPath(orderId), headers: { 'X-Order-Secret': orderSecret } }),
      providesTags: (_result, _error, { orderId }) => [{ type: 'HardwareOrder', id: orderId }],
    }),
  }),
});

export const {
  useGetHardwareCheckoutOptionsQuery,
  useGetHardwareQuoteQuery,
  usePlaceHardwareOrderMutation,
  useStartHardwareCardSetupMutation,
  useCreateHardwarePaymentMutation,
  useConfirmHardwarePaymentMutation,
  useConfirmHardwarePaymentInBackgroundMutation,
  useGetHardwareOrderQuery,
} = hardwareCheckoutApi;
