import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BillingCycle } from '../../lib/api-types';

/** The billing cycle the visitor is looking at on the plan pages (client-only). */
interface BillingState {
  cycle: BillingCycle;
}

const initialState: BillingState = { cycle: 'monthly' };

export const billingSlice = createSlice({
  name: 'billing',
  initialState,
  reducers: {
    billingCycleChosen(state, action: PayloadAction<BillingCycle>) {
      state.cycle = action.payload;
    },
  },
  selectors: {
    selectBillingCycle: (state) => state.cycle,
  },
});

export const { billingCycleChosen } = billingSlice.actions;
export const { selectBillingCycle } = billingSlice.selectors;
