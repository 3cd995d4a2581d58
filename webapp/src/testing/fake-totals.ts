import type { CartTotals } from '../lib/api-types';

/** The parts of a cart's price that the server adds up, ex VAT. */
interface TotalsInput {
  subscriptionSubtotalPence: number;
  topUpSubtotalPence: number;
  hardwarePence: number;
}

/** Every figure of a cart's totals except the billing cycle and the subscription's breakdown. */
type ComputedTotals = Omit<CartTotals, 'billingCycle' | 'packagePence' | 'addOnsPence' | 'numbersPence'>;

/** 20% VAT on a non-negative amount, to the nearest penny (half up), like the server's `vat`. */
export function vatPence(pence: number): number {
  return Math.floor((pence * 20 + 50) / 100);
}

/**
 * A cart's totals computed the way the server computes them (`Totals` in aggregates/src/pricing.rs).
 * VAT is worked out on each subtotal separately; the service checkout charges the services only,
 * and the cart shows everything. This is the only place where the fakes add money up.
 * cart-totals-cases.json holds the cases, and the server's tests run the same file.
 */
export function fakeTotals({ subscriptionSubtotalPence, topUpSubtotalPence, hardwarePence }: TotalsInput): ComputedTotals {
  const subscriptionVatPence = vatPence(subscriptionSubtotalPence);
  const topUpVatPence = vatPence(topUpSubtotalPence);
  const hardwareVatPence = vatPence(hardwarePence);
  const subscriptionTotalIncVatPence = subscriptionSubtotalPence + subscriptionVatPence;
  const topUpTotalIncVatPence = topUpSubtotalPence + topUpVatPence;
  const serviceDueTodayPence = subscriptionTotalIncVatPence + topUpTotalIncVatPence;
  const hardwareTotalIncVatPence = hardwarePence + hardwareVatPence;
  return {
    subscriptionSubtotalPence,
    subscriptionVatPence,
    subscriptionTotalIncVatPence,
    topUpSubtotalPence,
    topUpVatPence,
    topUpTotalIncVatPence,
    hardwarePence,
    serviceVatPence: subscriptionVatPence + topUpVatPence,
    serviceDueTodayPence,
    hardwareVatPence,
    hardwareTotalIncVatPence,
    cartVatPence: subscriptionVatPence + topUpVatPence + hardwareVatPence,
    cartTotalIncVatPence: serviceDueTodayPence + hardwareTotalIncVatPence,
  };
}

/** The price parts a fake sets: the cycle, the subscription's breakdown, the top-up and the desk phones. */
type TotalsParts = Partial<Pick<CartTotals, 'billingCycle' | 'packagePence' | 'addOnsPence' | 'numbersPence' | 'topUpSubtotalPence' | 'hardwarePence'>>;

/**
 * A cart's whole `totals` from its price parts (missing parts are zero). The subscription subtotal
 * is the package plus add-ons plus numbers, as on the server. Other figures passed in, such as
 * `{ ...cart.totals, hardwarePence }`, are worked out again.
 */
export function cartTotals(parts: TotalsParts = {}): CartTotals {
  const { billingCycle = 'monthly', packagePence = 0, addOnsPence = 0, numbersPence = 0, topUpSubtotalPence = 0, hardwarePence = 0 } = parts;
  return {
    billingCycle,
    packagePence,
    addOnsPence,
    numbersPence,
    ...fakeTotals({ subscriptionSubtotalPence: packagePence + addOnsPence + numbersPence, topUpSubtotalPence, hardwarePence }),
  };
}
