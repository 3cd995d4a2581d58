import type { PlanId } from '../../lib/api-types';

/** Marketing copy for each plan; prices never live here (they come from the server). */
export const planCopy: Record<PlanId, { tagline: string; features: string[]; unit: string }> = {
  payAsYouGo: {
    tagline: 'No monthly fee: pay only for the calls you make.',
    unit: 'plus calls',
    features: ['UK calls from 1p per minute', '£10 minimum call credit', 'Extra numbers from £2.50 a month', 'Voicemail to email', 'Mobile and desktop apps'],
  },
  singleUser: {
    tagline: 'Everything a sole trader or home office needs.',
    unit: 'per user',
    features: ['500 UK minutes included', '1 free UK number', 'Call recording available', 'Auto-attendant (IVR) available', 'Mobile and desktop apps'],
  },
  multiUser: {
    tagline: 'For growing teams: priced per block of 4 users.',
    unit: 'per 4 users',
    features: ['1,500 UK minutes per block', '2 free UK numbers', 'Unlimited extensions', 'Inclusive international calls', 'Ring groups and call queues'],
  },
};
