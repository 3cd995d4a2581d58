import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/store';
import { AccountError } from '../api';
import { billingApi, type Cancellation, type Card, type Credit, type Invoice } from './billing-api';

/** One part of an order's billing as the page holds it. */
export interface Part<T> {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  data: T | null;
  /** The API's message when loading or a change failed (what to do next). */
  error: string | null;
}

export interface OrderBilling {
  invoices: Part<Invoice[]>;
  card: Part<Card | null>;
  cancellation: Part<Cancellation>;
  credit: Part<Credit>;
}

export interface AccountBillingState {
  byOrder: Record<string, OrderBilling>;
}

const idle = <T>(): Part<T> => ({ status: 'idle', data: null, error: null });
const empty = (): OrderBilling => ({ invoices: idle(), card: idle(), cancellation: idle(), credit: idle() });

const LOAD_FAILED = 'This could not be loaded just now. Please reload the page in a moment.';

/** The API's message for a refusal, or a plain one for anything else. */
export function messageOf(error: unknown, fallback = LOAD_FAILED): string {
  if (error instanceof AccountError) return error.status >= 500 && error.code === 'internal' ? fallback : error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return fallback;
}

type Key = keyof OrderBilling;
type Loaded = { orderId: string; part: Key; data: unknown };

const load = <T>(part: Key, fetcher: (orderId: string) => Promise<T>) =>
  createAsyncThunk<Loaded, string, { rejectValue: string }>(`accountBilling/load-${part}`, async (orderId, { rejectWithValue }) => {
    try {
      return { orderId, part, data: await fetcher(orderId) };
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  });

export const loadInvoices = load('invoices', billingApi.invoices);
export const loadCard = load('card', billingApi.card);
export const loadCancellation = load('cancellation', billingApi.cancellation);
export const loadCredit = load('credit', billingApi.credit);

const loaders: [typeof loadInvoices, Key][] = [
  [loadInvoices, 'invoices'],
  [loadCard, 'card'],
  [loadCancellation, 'cancellation'],
  [loadCredit, 'credit'],
];

export const accountBillingSlice = createSlice({
  name: 'accountBilling',
  initialState: { byOrder: {} } as AccountBillingState,
  reducers: {
    /** A change's answer (a new card, the cancellation, the credit after a top-up). */
    partChanged(state, action: PayloadAction<Loaded>) {
      const { orderId, part, data } = action.payload;
      const order = (state.byOrder[orderId] ??= empty());
      order[part] = { status: 'ready', data: data as never, error: null };
    },
  },
  extraReducers: (builder) => {
    for (const [thunk, part] of loaders) {
      builder
        .addCase(thunk.pending, (state, action) => {
          const order = (state.byOrder[action.meta.arg] ??= empty());
          order[part] = { ...order[part], status: 'loading', error: null } as never;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          const order = (state.byOrder[action.payload.orderId] ??= empty());
          order[action.payload.part] = { status: 'ready', data: action.payload.data as never, error: null };
        })
        .addCase(thunk.rejected, (state, action) => {
          const order = (state.byOrder[action.meta.arg] ??= empty());
          order[part] = { ...order[part], status: 'failed', error: action.payload ?? LOAD_FAILED } as never;
        });
    }
  },
  selectors: {
    selectOrderBilling: (state: AccountBillingState, orderId: string): OrderBilling => state.byOrder[orderId] ?? EMPTY,
  },
});

const EMPTY: OrderBilling = empty();

export const { partChanged } = accountBillingSlice.actions;
/**
 * Joins the store when the account's billing first loads (the order page), not with the
 * store: the home page's JavaScript stays without it.
 */
const injectedBillingSlice = accountBillingSlice.injectInto(rootReducer);

export const { selectOrderBilling } = injectedBillingSlice.selectors;
