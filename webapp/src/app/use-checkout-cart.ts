import { useCallback, useMemo } from 'react';
import { cartForgotten, useCart } from '../features/cart';
import type { CheckoutCart } from '../features/checkout';
import { api } from '../lib/api';
import { useAppDispatch } from './hooks';

/**
 * Joins the checkout to the cart. Once the service is ordered the server has taken it out of
 * the cart: an empty cart is forgotten; desk phones stay in it for the hardware checkout, so
 * that cart is read again.
 */
export function useCheckoutCart(): CheckoutCart {
  const dispatch = useAppDispatch();
  const { cartId, cart, isLoading, isError } = useCart();
  const serviceOrdered = useCallback(() => {
    if (cartId && cart?.hasHardware) dispatch(api.util.invalidateTags([{ type: 'Cart', id: cartId }]));
    else dispatch(cartForgotten());
  }, [dispatch, cartId, cart?.hasHardware]);
  return useMemo(
    () => ({ cartId, cart, isLoading, isError, serviceOrdered }),
    [cartId, cart, isLoading, isError, serviceOrdered],
  );
}

/** Whether the visitor's cart still holds desk phones (the service thank-you page offers their checkout). */
export function useDeskPhonesInCart(): boolean {
  return Boolean(useCart().cart?.hasHardware);
}
