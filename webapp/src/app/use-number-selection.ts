import { useMemo } from 'react';
import { useAddNumberMutation, useCart, useRemoveNumberMutation } from '../features/cart';
import type { NumberSelection } from '../features/numbers';

/** Joins the number pages to the cart: its numbers and prices, and the add and remove commands. */
export function useNumberSelection(): NumberSelection {
  const { cart, cartId } = useCart();
  const [addNumber] = useAddNumberMutation();
  const [removeNumber] = useRemoveNumberMutation();
  return useMemo(
    () => ({
      numbers: cart?.phoneNumbers ?? [],
      billingCycle: cart?.totals.billingCycle ?? cart?.billingCycle ?? 'monthly',
      cartId: cartId ?? undefined,
      plan: cart?.package ?? undefined,
      nextNumberIncluded: cart?.nextNumberIncluded,
      add: (entry) => addNumber(entry).unwrap(),
      remove: (value) => removeNumber({ value }).unwrap(),
    }),
    [cart, cartId, addNumber, removeNumber],
  );
}
