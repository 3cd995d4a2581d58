import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type ThunkDispatch,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { accountSlice } from '../features/account/account-slice';
import { cartSlice } from '../features/cart/cart-slice';
import { cartStorageMiddleware } from '../features/cart/cart-storage';
import { billingSlice } from '../features/plans/billing-slice';
import { checkoutSlice } from '../features/checkout/checkout-slice';
import { orderSecretStorageMiddleware } from '../features/checkout/order-secret';
import { hardwareCheckoutSlice } from '../features/hardware-checkout/hardware-checkout-slice';
import type { api } from '../lib/api';
import { catalogueSlice } from '../lib/catalogue';

/**
 * The reducers every page has. The server API's cache (RTK Query, lib/api.ts) joins when its
 * module first loads (`injectApi`): the home page of a visitor without a cart renders, hydrates
 * and answers its first clicks without it, which keeps RTK Query out of its JavaScript.
 */
export const rootReducer = combineSlices(cartSlice, billingSlice, checkoutSlice, hardwareCheckoutSlice, catalogueSlice, accountSlice);
const lateMiddleware = createDynamicMiddleware();

/**
 * Typed with the API's state: it is there from the API module's first load, which comes before
 * any of its selectors or hooks can run.
 */
export type RootState = ReturnType<typeof rootReducer> & WithSlice<typeof api>;
const reducer = rootReducer as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>;

type StoreDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** Stores made before the API's cache joined (the browser's one, a test's): told when it does. */
const storesWithoutApi = new Set<StoreDispatch>();
/** What the API's module does to each store (its focus and online listeners). */
let joinApi: ((dispatch: StoreDispatch) => void) | null = null;

/**
 * Adds the server API's reducer and middleware to every store, made or to be made; a store made
 * already gets an action, so the API's state exists before a component reads it. `setup` runs
 * for each store (RTK Query's `setupListeners`).
 */
export function injectApi(
  api: { reducerPath: string; reducer: Reducer; middleware: Middleware },
  setup: (dispatch: StoreDispatch) => void,
): void {
  rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
  lateMiddleware.addMiddleware(api.middleware);
  joinApi = setup;
  for (const dispatch of storesWithoutApi) {
    dispatch({ type: 'app/apiLoaded' });
    setup(dispatch);
  }
  storesWithoutApi.clear();
}

/** Builds a store; tests pass a preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().concat(cartStorageMiddleware, orderSecretStorageMiddleware, lateMiddleware.middleware),
  });
  if (joinApi) joinApi(store.dispatch);
  else storesWithoutApi.add(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
