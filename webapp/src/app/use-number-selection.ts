import { useMemo } from 'react';
import { useAddNumberMutation, useCart, useRemoveNumberMutation } from '../features/cart';
import type { NumberSelection } from '../features/numbers';

/** Joins the number pages to the cart: its numbers and prices, and the add and remove commands. */
export function useNumberSelection(): NumberSelection {
  const { cart } = useCart();
  const [addNumber] = useAddNumberMutation();
  const [removeNumber] = useRemoveNumberMutation();
  return useMemo(
    () => ({
      numbers: cart?.phoneNumbers ?? [],
      billingCycle: cart?.totals.billingCycle ?? cart?.billingCycle ?? 'monthly',
      add: (entry) => addNumber(entry).unwrap(),
      remove: (value) => removeNumber({ value }).unwrap(),
    }),
    [cart, addNumber, removeNumber],
  );
}
