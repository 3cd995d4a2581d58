import { useCallback, useMemo } from 'react';
import { cartForgotten, cartReceived, useCart } from '../features/cart';
import type { Cart } from '../lib/api-types';
import type { CheckoutCart } from '../features/checkout';
import { api } from '../lib/api';
import { useAppDispatch } from '../lib/store-hooks';

/**
 * Joins the checkout to the cart. Once the service is ordered the server has taken it out of
 * the cart: an empty cart is forgotten; desk phones stay in it for the hardware checkout, so
 * that cart is read again. A cart the server priced otherwise (409 `price_changed`) becomes the
 * cached cart, so the page shows it.
 */
export function useCheckoutCart(): CheckoutCart {
  const dispatch = useAppDispatch();
  const { cartId, cart, isLoading, isError } = useCart();
  const serviceOrdered = useCallback(() => {
    if (cartId && cart?.hasHardware) dispatch(api.util.invalidateTags([{ type: 'Cart', id: cartId }]));
    else dispatch(cartForgotten());
  }, [dispatch, cartId, cart?.hasHardware]);
  const cartRepriced = useCallback((repriced: Cart) => void dispatch(cartReceived(repriced)), [dispatch]);
  return useMemo(
    () => ({ cartId, cart, isLoading, isError, serviceOrdered, cartRepriced }),
    [cartId, cart, isLoading, isError, serviceOrdered, cartRepriced],
  );
}

/** Whether the visitor's cart still holds desk phones (the service thank-you page offers their checkout). */
export function useDeskPhonesInCart(): boolean {
  return Boolean(useCart().cart?.hasHardware);
}
