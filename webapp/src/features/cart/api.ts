import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api';
import type { BillingCycle, Cart, PhoneNumberEntry, PlanId } from '../../lib/api-types';
import { cartCreated, cartForgotten, type CartState } from './cart-slice';

type BaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;
/** The base query bound to the current request's api and options. */
type Call = (args: string | FetchArgs) => ReturnType<BaseQuery>;
type Dispatch = BaseQueryApi['dispatch'];
type CartRootState = { cart: CartState };

export interface SelectPackageArgs {
  plan: PlanId;
  billingCycle: BillingCycle;
  quantity: number;
}

export interface AddHardwareArgs {
  productId: string;
  quantity: number;
}

const noCart: FetchBaseQueryError = {
  status: 404,
  data: { error: 'Your cart is empty.', code: 'cart_not_found' },
};

function isCartNotFound(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 404 && (error.data as { code?: string } | undefined)?.code === 'cart_not_found';
}

/** One cart creation at a time, so two quick clicks do not make two carts. */
let creating: Promise<{ id: string } | { error: FetchBaseQueryError }> | null = null;

async function createCart(baseQuery: Call, dispatch: Dispatch) {
  if (!creating) {
    creating = (async () => {
      const result = await baseQuery({ url: 'carts', method: 'POST' });
      if (result.error) return { error: result.error };
      const cart = result.data as Cart;
      dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: cart.id, value: cart }]));
      dispatch(cartCreated(cart.id));
      return { id: cart.id };
    })().finally(() => {
      creating = null;
    });
  }
  return creating;
}

/**
 * Runs a cart command. Every command answers with the whole cart, which is written
 * straight into the getCart cache so the badge, dropdown and pages update at once.
 * `create` commands make the cart first when the visitor has none.
 */
async function runCommand(
  request: (cartId: string) => FetchArgs,
  options: { create: boolean },
  getState: () => unknown,
  dispatch: Dispatch,
  baseQuery: Call,
): Promise<{ data: Cart } | { error: FetchBaseQueryError }> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let cartId = (getState() as CartRootState).cart.cartId;
    if (!cartId) {
      if (!options.create) return { error: noCart };
      const created = await createCart(baseQuery, dispatch);
      if ('error' in created) return { error: created.error };
      cartId = created.id;
    }
    const result = await baseQuery(request(cartId));
    if (result.error) {
      if (isCartNotFound(result.error)) {
        // The stored cart is gone on the server: forget it and, for a command that may
        // start a cart, try once more with a new one.
        dispatch(cartForgotten());
        if (options.create && attempt === 0) continue;
      }
      return { error: result.error };
    }
    const cart = result.data as Cart;
    dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: cart.id, value: cart }]));
    return { data: cart };
  }
  return { error: noCart };
}

function command<Arg>(request: (arg: Arg, cartId: string) => FetchArgs, create = false) {
  return {
    queryFn: (arg: Arg, queryApi: BaseQueryApi, extra: unknown, baseQuery: BaseQuery) =>
      runCommand(
        (cartId) => request(arg, cartId),
        { create },
        queryApi.getState,
        queryApi.dispatch,
        (args) => baseQuery(args, queryApi, extra as object),
      ),
  };
}

const path = (cartId: string, rest = '') => `carts/${encodeURIComponent(cartId)}${rest}`;

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, string>({
      query: (cartId) => path(cartId),
      providesTags: (_result, _error, cartId) => [{ type: 'Cart', id: cartId }],
      async onQueryStarted(_cartId, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          const error = (failure as { error?: FetchBaseQueryError }).error;
          if (error?.status === 404) dispatch(cartForgotten());
        }
      },
    }),
    selectPackage: build.mutation<Cart, SelectPackageArgs>(
      command((body, id) => ({ url: path(id, '/package'), method: 'PUT', body }), true),
    ),
    setBillingCycle: build.mutation<Cart, { billingCycle: BillingCycle }>(
      command((body, id) => ({ url: path(id, '/billing-cycle'), method: 'PUT', body })),
    ),
    setItemQuantity: build.mutation<Cart, { itemId: string; quantity: number }>(
      command(({ itemId, quantity }, id) => ({
        url: path(id, `/items/${encodeURIComponent(itemId)}`),
        method: 'PUT',
        body: { quantity },
      })),
    ),
    removeItem: build.mutation<Cart, { itemId: string }>(
      command(({ itemId }, id) => ({ url: path(id, `/items/${encodeURIComponent(itemId)}`), method: 'DELETE' })),
    ),
    addAddOn: build.mutation<Cart, { addOnId: string }>(
      command((body, id) => ({ url: path(id, '/add-ons'), method: 'POST', body })),
    ),
    removeAddOn: build.mutation<Cart, { addOnId: string }>(
      command(({ addOnId }, id) => ({ url: path(id, `/add-ons/${encodeURIComponent(addOnId)}`), method: 'DELETE' })),
    ),
    setTopUp: build.mutation<Cart, { amountPence: number }>(
      command((body, id) => ({ url: path(id, '/top-up'), method: 'PUT', body })),
    ),
    /** Adds a number (creating the cart when the visitor has none); a stock number is reserved for 30 minutes (409 when taken). */
    addNumber: build.mutation<Cart, PhoneNumberEntry>(
      command((body, id) => ({ url: path(id, '/numbers'), method: 'POST', body }), true),
    ),
    replaceNumbers: build.mutation<Cart, { numbers: PhoneNumberEntry[] }>(
      command((body, id) => ({ url: path(id, '/numbers'), method: 'PUT', body }), true),
    ),
    removeNumber: build.mutation<Cart, { value: string }>(
      command(({ value }, id) => ({ url: path(id, `/numbers/${encodeURIComponent(value)}`), method: 'DELETE' })),
    ),
    /** Adds a desk phone at the catalogue's price (creating the cart when the visitor has none); 422 `hardware_unavailable` when it cannot be bought. */
    addHardware: build.mutation<Cart, AddHardwareArgs>(
      command((body, id) => ({ url: path(id, '/hardware'), method: 'POST', body }), true),
    ),
    clearCart: build.mutation<Cart, void>(command((_arg, id) => ({ url: path(id, '/clear'), method: 'POST' }))),
  }),
});

/** The cart as the server answered it somewhere else (e.g. a checkout's 409): it becomes the cached cart. */
export const cartReceived = (cart: Cart) => cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: cart.id, value: cart }]);

export const {
  useGetCartQuery,
  useLazyGetCartQuery,
  useSelectPackageMutation,
  useSetBillingCycleMutation,
  useSetItemQuantityMutation,
  useRemoveItemMutation,
  useAddAddOnMutation,
  useRemoveAddOnMutation,
  useSetTopUpMutation,
  useAddNumberMutation,
  useReplaceNumbersMutation,
  useRemoveNumberMutation,
  useAddHardwareMutation,
  useClearCartMutation,
} = cartApi;
