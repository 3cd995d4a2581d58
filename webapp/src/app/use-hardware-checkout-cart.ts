import { useCallback, useMemo } from 'react';
import { cartForgotten, isEmptyCart, useCart, useLazyGetCartQuery } from '../features/cart';
import type { HardwareCheckoutCart } from '../features/hardware-checkout';
import { useAppDispatch } from '../lib/store-hooks';

/**
 * Joins the hardware checkout to the cart. A cart the server does not know is forgotten; once
 * the phones are paid the server has taken them out of the cart, so it is read again (the badge
 * follows) and forgotten when nothing is left in it (a mixed cart keeps its service).
 */
export function useHardwareCheckoutCart(): HardwareCheckoutCart {
  const dispatch = useAppDispatch();
  const { cartId } = useCart();
  const [readCart] = useLazyGetCartQuery();
  const cartNotFound = useCallback(() => {
    dispatch(cartForgotten());
  }, [dispatch]);
  const phonesOrdered = useCallback(async () => {
    if (!cartId) return;
    // Not from the cache: the server changed the cart. A 404 forgets the cart id by itself (getCart).
    const { data } = await readCart(cartId, false);
    if (data && isEmptyCart(data)) dispatch(cartForgotten());
  }, [cartId, readCart, dispatch]);
  return useMemo(() => ({ cartId, cartNotFound, phonesOrdered }), [cartId, cartNotFound, phonesOrdered]);
}
