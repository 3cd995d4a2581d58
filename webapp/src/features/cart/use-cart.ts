import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../lib/store-hooks';
import { useGetCartQuery } from './api';
import { selectCartId } from './cart-slice';

/**
 * The visitor's cart from the server (or none). `isLoading` is true only while a stored
 * cart id is being read for the first time.
 */
export function useCart() {
  const cartId = useAppSelector(selectCartId);
  const query = useGetCartQuery(cartId ?? skipToken);
  const cart = cartId ? query.data : undefined;
  return {
    cartId,
    cart,
    isLoading: cartId !== null && query.isLoading,
    isError: query.isError,
  };
}
