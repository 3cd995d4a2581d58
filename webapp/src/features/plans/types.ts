import type { BillingCycle, PlanId } from '../../lib/api-types';

export interface PackageSelection {
  plan: PlanId;
  billingCycle: BillingCycle;
  quantity: number;
}

/** Wired by the app layer: selects the package in the cart and moves on to /add-ons. */
export type BuyNowHandler = (selection: PackageSelection) => Promise<void>;
