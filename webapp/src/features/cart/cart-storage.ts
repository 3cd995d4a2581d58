import { createListenerMiddleware } from '@reduxjs/toolkit';
import { removeStorage, writeStorage } from '../../lib/storage';
import { CART_ID_KEY, cartCreated, cartForgotten } from './cart-slice';

/** Mirrors the cart id into localStorage (the only thing the browser keeps). */
export const cartStorageMiddleware = createListenerMiddleware();

cartStorageMiddleware.startListening({
  actionCreator: cartCreated,
  effect: (action) => writeStorage(CART_ID_KEY, action.payload),
});

cartStorageMiddleware.startListening({
  actionCreator: cartForgotten,
  effect: () => removeStorage(CART_ID_KEY),
});
