import type { Middleware } from '@reduxjs/toolkit';
import { removeStorage, writeStorage } from '../../lib/storage';
import { CART_ID_KEY, cartCreated, cartForgotten } from './cart-slice';

/** Mirrors the cart id into localStorage (the only thing the browser keeps). */
export const cartStorageMiddleware: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (cartCreated.match(action)) writeStorage(CART_ID_KEY, action.payload);
  else if (cartForgotten.match(action)) removeStorage(CART_ID_KEY);
  return result;
};
