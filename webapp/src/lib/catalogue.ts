import { createAsyncThunk, createSlice, type PayloadAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { apiBaseUrl } from './api-base-url';
import type { Catalogue, CataloguePlan, PlanId } from './api-types';

/**
 * The price list (GET /api/catalogue): fixed for a release, so it is read once, and a
 * prerendered page brings it along (app/preloaded-data.ts). A plain slice rather than the RTK
 * Query cache, so the pages that only show prices load no RTK Query (app/store.ts).
 */
interface CatalogueState {
  data: Catalogue | null;
  status: 'idle' | 'loading' | 'failed';
  /** Shaped like RTK Query's errors, for `errorMessage`. */
  error: unknown;
}

type StateWithCatalogue = { catalogue: CatalogueState };

const fetchCatalogue = createAsyncThunk<Catalogue, void, { state: StateWithCatalogue; rejectValue: unknown }>(
  'catalogue/fetch',
  async (_, { rejectWithValue }) => {
    let response: Response;
    try {
      response = await fetch(`${apiBaseUrl()}/catalogue`);
    } catch (failure) {
      return rejectWithValue({ status: 'FETCH_ERROR', error: String(failure) });
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return rejectWithValue({ status: response.status, data: body });
    return body as Catalogue;
  },
  { condition: (_, { getState }) => getState().catalogue.status !== 'loading' },
);

export const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState: (): CatalogueState => ({ data: null, status: 'idle', error: null }),
  reducers: {
    /** The price list a prerendered page embeds, or a test's. */
    catalogueLoaded(state, action: PayloadAction<Catalogue>) {
      state.data = action.payload;
      state.status = 'idle';
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCatalogue.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchCatalogue.fulfilled, (state, action) => {
        state.data = action.payload;
        state.status = 'idle';
        state.error = null;
      })
      .addCase(fetchCatalogue.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? { error: action.error.message };
      });
  },
});

export const { catalogueLoaded } = catalogueSlice.actions;

/** The price list, fetched on first use: `{ data, isLoading, isError, error }`. */
export function useCatalogue() {
  const dispatch = useDispatch<ThunkDispatch<StateWithCatalogue, unknown, UnknownAction>>();
  const { data, status, error } = useSelector((state: StateWithCatalogue) => state.catalogue);
  useEffect(() => {
    if (!data && status === 'idle') void dispatch(fetchCatalogue());
  }, [dispatch, data, status]);
  return {
    data: data ?? undefined,
    isLoading: !data && status !== 'failed',
    isError: status === 'failed',
    error: status === 'failed' ? error : undefined,
  };
}

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
