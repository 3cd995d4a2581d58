import type { Catalogue, ConnectionOffer, PlanId } from '../../../../lib/api-types';

function cheapest(offer: ConnectionOffer): number | undefined {
  return offer.tiers.length ? Math.min(...offer.tiers.map((tier) => tier.monthlyPence)) : undefined;
}

/** Readers of the catalogue's figures, for <Price of={…} /> and structured data. */
export const prices = {
  businessFrom: (c: Catalogue) => c.priceList.businessFromMonthlyPence,
  cloudPbxFrom: (c: Catalogue) => c.priceList.cloudPbxFromMonthlyPence,
  cloudPbxTo: (c: Catalogue) => c.priceList.cloudPbxToMonthlyPence,
  residentialFrom: (c: Catalogue) => c.priceList.residentialFromMonthlyPence,
  addOnsFrom: (c: Catalogue) => c.priceList.addOnsFromMonthlyPence,
  voiceRecording: (c: Catalogue) => c.priceList.voiceRecording.pricePence,
  broadbandFrom: (c: Catalogue) => cheapest(c.priceList.businessBroadband),
  leasedLinesFrom: (c: Catalogue) => cheapest(c.priceList.leasedLines),
  planMonthly: (plan: PlanId) => (c: Catalogue) => c.plans.find((entry) => entry.id === plan)?.monthlyPence,
  minimumTopUp: (c: Catalogue) => c.topUp.minimumPence,
};
