import type { CataloguePlan, PlanId } from '../../lib/api-types';
import { formatPence } from '../../lib/format-money';
import { formatMinutes, includedUkMinutes } from '../../config/plan-minutes';

/** Marketing copy for each plan; prices never live here (they come from the server). */
export const planCopy: Record<PlanId, { tagline: string; features: string[]; unit: string }> = {
  payAsYouGo: {
    tagline: 'No monthly fee: pay only for the calls you make.',
    unit: 'plus calls',
    features: ['Voicemail to email', 'Mobile and desktop apps'],
  },
  singleUser: {
    tagline: 'Everything a sole trader or home office needs.',
    unit: 'per user',
    features: [`${formatMinutes(includedUkMinutes.singleUser)} UK minutes included`, '1 free UK number', 'Call recording available', 'Auto-attendant (IVR) available', 'Mobile and desktop apps'],
  },
  multiUser: {
    tagline: 'For growing teams: priced per block of 4 users.',
    unit: 'per 4 users',
    features: [`${formatMinutes(includedUkMinutes.multiUser)} UK minutes per block`, '2 free UK numbers', 'Unlimited extensions', 'Inclusive international calls', 'Ring groups and call queues'],
  },
};

/**
 * A plan card's priced lines, from the server's price list: call rates and the minimum credit
 * of a plan that charges for calls, and what an extra number costs.
 */
export function pricedFeatures(plan: CataloguePlan, minimumTopUpPence: number | undefined): string[] {
  const rates = plan.callRates;
  if (!rates) return [];
  const lines = [`UK calls ${rates.ukLandlineLabel} a minute to landlines, ${rates.ukMobileLabel} to mobiles`];
  if (minimumTopUpPence !== undefined) lines.push(`${formatPence(minimumTopUpPence)} minimum call credit`);
  lines.push(`Extra numbers ${formatPence(plan.extraNumber.monthlyPence)} a month`);
  return lines;
}
