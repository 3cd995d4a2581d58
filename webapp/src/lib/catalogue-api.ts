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
