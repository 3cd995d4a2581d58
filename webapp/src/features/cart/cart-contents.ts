import type { Cart } from '../../lib/api-types';

/** Nothing to buy: no package or desk phone, add-on, number or top-up. */
export function isEmptyCart(cart: Cart): boolean {
  return cart.items.length === 0 && cart.addOns.length === 0 && cart.phoneNumbers.length === 0 && cart.topUpPence === 0;
}
