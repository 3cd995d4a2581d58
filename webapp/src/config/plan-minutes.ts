import type { PlanId } from '../lib/api-types';

/**
 * UK call minutes a month that come with each plan: Single User's for its one user, Multi User's
 * for each block of users (docs/product-rules.md#plans). Pay As You Go includes none and charges
 * by the minute at the rates the catalogue gives. The plans page and the savings calculator both
 * read them here, so they can never disagree.
 */
export const includedUkMinutes: Readonly<Record<PlanId, number>> = {
  payAsYouGo: 0,
  singleUser: 500,
  multiUser: 1500,
};

/** A count of minutes as the pages write it: "1,500". */
export function formatMinutes(minutes: number): string {
  return minutes.toLocaleString('en-GB');
}
