import { api } from './api';
import type { Catalogue, CataloguePlan, PlanId } from './api-types';

/** The catalogue is shared by several features (plans, cart add-ons, checkout). */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogue: build.query<Catalogue, void>({
      query: () => 'catalogue',
      providesTags: ['Catalogue'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetCatalogueQuery } = catalogueApi;

export function findPlan(catalogue: Catalogue | undefined, id: PlanId | null | undefined): CataloguePlan | undefined {
  if (!catalogue || !id) return undefined;
  return catalogue.plans.find((plan) => plan.id === id);
}

/**
 * The plans' monthly prices (each plan's price for its block of users), lowest first, leaving
 * out a plan without a monthly fee: "from £4.99 a month" is the first.
 */
export function monthlyPlanPrices(catalogue: Catalogue): number[] {
  return catalogue.plans
    .map((plan) => plan.monthlyPence)
    .filter((pence) => pence > 0)
    .sort((a, b) => a - b);
}
