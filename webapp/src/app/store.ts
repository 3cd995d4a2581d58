import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { cartSlice } from '../features/cart/cart-slice';
import { cartStorageMiddleware } from '../features/cart/cart-storage';
import { billingSlice } from '../features/plans/billing-slice';
import { checkoutSlice } from '../features/checkout/checkout-slice';
import { orderSecretStorageMiddleware } from '../features/checkout/order-secret';
import { hardwareCheckoutSlice } from '../features/hardware-checkout/hardware-checkout-slice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [cartSlice.reducerPath]: cartSlice.reducer,
  [billingSlice.reducerPath]: billingSlice.reducer,
  [checkoutSlice.reducerPath]: checkoutSlice.reducer,
  [hardwareCheckoutSlice.reducerPath]: hardwareCheckoutSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass a preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(cartStorageMiddleware, orderSecretStorageMiddleware, api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
