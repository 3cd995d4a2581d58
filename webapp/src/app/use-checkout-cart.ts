import { useCallback, useMemo } from 'react';
import { cartForgotten, useCart } from '../features/cart';
import type { CheckoutCart } from '../features/checkout';
import { useAppDispatch } from './hooks';

/** Joins the checkout to the cart: the server cart, and forgetting its id once the order has emptied it. */
export function useCheckoutCart(): CheckoutCart {
  const dispatch = useAppDispatch();
  const { cartId, cart, isLoading, isError } = useCart();
  const forget = useCallback(() => dispatch(cartForgotten()), [dispatch]);
  return useMemo(() => ({ cartId, cart, isLoading, isError, forget }), [cartId, cart, isLoading, isError, forget]);
}
