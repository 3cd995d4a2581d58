import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { emptyDraft, type CustomerDraft, type DraftField } from './address-rules';
import type { ChosenShipping, CustomerField, CustomerFieldErrors, HardwareAmounts, HardwareQuote, OrderLine } from './types';

export type HardwareCheckoutStep = 1 | 2 | 3 | 4 | 5;

export const STEP_TITLES = ['Order Summary', 'Shipping Options', 'Shipping Address', 'Review Order', 'Payment'] as const;

export type HardwarePaymentStatus = 'idle' | 'processing' | 'succeeded' | 'failed';

/** The order Review's Complete Order placed: what the payment step charges and sends. */
export interface PlacedHardwareOrder {
  orderId: string;
  orderNumber: string;
  /** Opaque; only this browser has it (memory here, sessionStorage once paid). */
  orderSecret: string;
  amounts: HardwareAmounts;
  lines: OrderLine[];
  shipping: ChosenShipping;
  /** The version of the quote the order was placed on: the payment names it. */
  quoteVersion: string;
}

/**
 * Client-only state of the hardware checkout: the step, the shipping option, the address
 * form, the placed order and the payment's status. Nothing here is persisted; the cart and
 * every price are on the server.
 */
export interface HardwareCheckoutState {
  step: HardwareCheckoutStep;
  shippingOption: string | null;
  customer: CustomerDraft;
  fieldErrors: CustomerFieldErrors;
  /** The server's sentence when it refused the address (422 `invalid_fields`). */
  addressBanner: string | null;
  placed: PlacedHardwareOrder | null;
  payment: { status: HardwarePaymentStatus; error: string | null };
}

const idlePayment = (): HardwareCheckoutState['payment'] => ({ status: 'idle', error: null });

export function initialHardwareCheckoutState(): HardwareCheckoutState {
  return {
    step: 1,
    shippingOption: null,
    customer: emptyDraft(),
    fieldErrors: {},
    addressBanner: null,
    placed: null,
    payment: idlePayment(),
  };
}

const ERROR_FIELDS: readonly string[] = ['email', 'firstName', 'lastName', 'phone', 'line1', 'city', 'postalCode', 'country'];

function clearError(state: HardwareCheckoutState, field: DraftField) {
  if (ERROR_FIELDS.includes(field)) delete state.fieldErrors[field as CustomerField];
  if (Object.keys(state.fieldErrors).length === 0) state.addressBanner = null;
}

export const hardwareCheckoutSlice = createSlice({
  name: 'hardwareCheckout',
  initialState: initialHardwareCheckoutState,
  reducers: {
    /**
     * The page was entered: step 1. The form keeps what was typed; an order placed on an earlier
     * visit is forgotten (the cart may have changed since; unpaid, it expires on the server), and
     * so is everything once an order was paid.
     */
    checkoutOpened(state) {
      if (state.payment.status === 'succeeded') return initialHardwareCheckoutState();
      state.step = 1;
      state.placed = null;
      state.payment = idlePayment();
      return undefined;
    },
    orderSummaryConfirmed(state) {
      state.step = 2;
    },
    /** A different option forgets the placed order: the next Complete Order places another. */
    shippingOptionChosen(state, action: PayloadAction<string>) {
      if (state.shippingOption === action.payload) return;
      state.shippingOption = action.payload;
      state.placed = null;
    },
    shippingConfirmed(state) {
      if (state.shippingOption) state.step = 3;
    },
    /** A field was edited: its error clears; a changed address forgets the placed order. */
    customerFieldEdited(state, action: PayloadAction<{ field: DraftField; value: string }>) {
      const { field, value } = action.payload;
      clearError(state, field);
      if (state.customer[field] === value) return;
      state.customer[field] = value;
      state.placed = null;
    },
    /** The postcode lookup's address was chosen: its lines fill the form. */
    addressLookedUp(state, action: PayloadAction<Pick<CustomerDraft, 'line1' | 'line2' | 'city' | 'postalCode'>>) {
      for (const [field, value] of Object.entries(action.payload) as [DraftField, string][]) {
        clearError(state, field);
        if (state.customer[field] !== value) {
          state.customer[field] = value;
          state.placed = null;
        }
      }
    },
    /** The form's own check, or the server's 422 `invalid_fields`, found errors: back on step 3. */
    addressRejected(state, action: PayloadAction<{ errors: CustomerFieldErrors; banner?: string | null }>) {
      state.step = 3;
      state.fieldErrors = action.payload.errors;
      state.addressBanner = action.payload.banner ?? null;
      state.payment = idlePayment();
    },
    addressSubmitted(state) {
      state.step = 4;
      state.fieldErrors = {};
      state.addressBanner = null;
    },
    /** Back, one step (not while paying). The placed order stays until something it was placed with changes. */
    stepBack(state) {
      if (state.payment.status === 'processing' || state.payment.status === 'succeeded') return;
      state.step = Math.max(1, state.step - 1) as HardwareCheckoutStep;
      state.payment = idlePayment();
    },
    /** Complete Order with nothing changed since the order was placed: the same order is paid. */
    reviewConfirmed(state) {
      if (state.placed) {
        state.step = 5;
        state.payment = idlePayment();
      }
    },
    orderPlaced(state, action: PayloadAction<PlacedHardwareOrder>) {
      state.placed = action.payload;
      state.step = 5;
      state.payment = idlePayment();
    },
    /**
     * The payment was refused with 409 `price_changed` (nothing charged): the order is shown,
     * and paid next, as the server's quote of it says.
     */
    orderRepriced(state, action: PayloadAction<HardwareQuote>) {
      const { placed } = state;
      if (!placed) return;
      const quote = action.payload;
      placed.amounts = quote.amounts;
      placed.lines = quote.lines.map(({ productId, name, unitPricePence, quantity, linePence }) => ({ productId, name, unitPricePence, quantity, linePence }));
      if (quote.shipping) {
        // The order's shipping as the order names it (the quote's also has its description).
        const { id, name, carrier, pricePence } = quote.shipping;
        placed.shipping = { id, name, carrier, pricePence };
      }
      placed.quoteVersion = quote.version;
    },
    paymentStarted(state) {
      state.payment = { status: 'processing', error: null };
    },
    paymentFailed(state, action: PayloadAction<string>) {
      state.payment = { status: 'failed', error: action.payload };
    },
    /** Paid: the thank-you page follows (`error` is set only when the order could not be kept for it). */
    orderPaid(state, action: PayloadAction<{ notice: string | null }>) {
      state.payment = { status: 'succeeded', error: action.payload.notice };
    },
    checkoutReset() {
      return initialHardwareCheckoutState();
    },
  },
  selectors: {
    selectStep: (state) => state.step,
    selectShippingOption: (state) => state.shippingOption,
    selectCustomerDraft: (state) => state.customer,
    selectFieldErrors: (state) => state.fieldErrors,
    selectAddressBanner: (state) => state.addressBanner,
    selectPlacedOrder: (state) => state.placed,
    selectHardwarePayment: (state) => state.payment,
  },
});

export const {
  checkoutOpened,
  orderSummaryConfirmed,
  shippingOptionChosen,
  shippingConfirmed,
  customerFieldEdited,
  addressLookedUp,
  addressRejected,
  addressSubmitted,
  stepBack,
  reviewConfirmed,
  orderPlaced,
  orderRepriced,
  paymentStarted,
  paymentFailed,
  orderPaid,
  checkoutReset,
} = hardwareCheckoutSlice.actions;

export const {
  selectStep,
  selectShippingOption,
  selectCustomerDraft,
  selectFieldErrors,
  selectAddressBanner,
  selectPlacedOrder,
  selectHardwarePayment,
} = hardwareCheckoutSlice.selectors;
