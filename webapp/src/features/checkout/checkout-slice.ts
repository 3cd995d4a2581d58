import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  accountFormReducers,
  clearFieldErrors,
  initialAccountFormState,
  rejectForm,
  type AccountFormState,
} from '../../lib/account-form/form-state';
import type { FieldErrors } from '../../lib/account-form/types';
import type { ExtensionDetails } from './types';

export type CheckoutStep = 1 | 2 | 3;
export type PaymentStatus = 'initial' | 'processing' | 'succeeded' | 'failed';
export type ProgressStep = 'paymentConfirmed' | 'accountCreated' | 'extensionsSetUp' | 'subscriptionFinalised';

/** What the thank-you page may show once: kept in memory only, never in storage (it holds passwords). */
export interface CompletedOrder {
  orderId: string;
  orderNumber: string;
  email: string;
  /** The account password (null for a Google sign-up). */
  password: string | null;
  extensions: ExtensionDetails[];
}

/** The order being paid, as create-payment-intent named it, with the secret that finishes it. */
export interface PlacedOrder {
  orderId: string;
  orderSecret: string;
}

/**
 * Client-only checkout state: the step, the account form (so Back and a trip elsewhere keep
 * what was typed), the payment's status, the order being paid and the finished order. Nothing
 * here is persisted, except that the order's secret is also in sessionStorage (order-secret.ts).
 */
export interface CheckoutState extends AccountFormState {
  step: CheckoutStep;
  payment: { status: PaymentStatus; message: string | null; progress: ProgressStep[] };
  placed: PlacedOrder | null;
  completed: CompletedOrder | null;
}

const initialPayment = (): CheckoutState['payment'] => ({ status: 'initial', message: null, progress: [] });

export function initialCheckoutState(): CheckoutState {
  return { step: 1, ...initialAccountFormState(), payment: initialPayment(), placed: null, completed: null };
}

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    /** The checkout page was entered (at step 1, or 2 on /checkout/account-setup). */
    checkoutOpened(state, action: PayloadAction<{ step: CheckoutStep }>) {
      state.step = action.payload.step;
      if (state.payment.status !== 'processing') state.payment = initialPayment();
    },
    orderSummaryConfirmed(state) {
      state.step = 2;
    },
    accountDetailsConfirmed(state) {
      state.step = 3;
      state.fieldErrors = {};
      state.formBanner = null;
    },
    backClicked(state) {
      if (state.payment.status === 'processing') return;
      state.step = state.step === 3 ? 2 : 1;
      state.payment = initialPayment();
    },
    ...accountFormReducers,
    /** The form's own check, or the server's 422 `invalid_fields`, found errors. */
    accountFormRejected(state, action: PayloadAction<{ errors: FieldErrors; banner: string }>) {
      state.step = 2;
      rejectForm(state, action.payload.errors, action.payload.banner);
      state.payment = initialPayment();
    },
    googleSignedIn(state, action: PayloadAction<{ credential: string; email: string; firstName: string; lastName: string }>) {
      const { credential, email, firstName, lastName } = action.payload;
      state.form.isGoogleSignIn = true;
      state.form.googleCredential = credential;
      state.form.password = '';
      state.form.confirmPassword = '';
      if (email) state.form.email = email;
      if (firstName) state.form.firstName = firstName;
      if (lastName) state.form.lastName = lastName;
      clearFieldErrors(state, ['email', 'firstName', 'lastName', 'password', 'confirmPassword']);
    },
    paymentStarted(state) {
      state.payment = { status: 'processing', message: null, progress: [] };
    },
    /** create-payment-intent placed (or re-opened) the order and gave its secret. */
    orderPlaced(state, action: PayloadAction<PlacedOrder>) {
      state.placed = action.payload;
    },
    paymentProgressed(state, action: PayloadAction<ProgressStep>) {
      if (!state.payment.progress.includes(action.payload)) state.payment.progress.push(action.payload);
    },
    paymentFailed(state, action: PayloadAction<string>) {
      state.payment.status = 'failed';
      state.payment.message = action.payload;
    },
    /** Paid and the account exists: keep what the thank-you page shows once, drop the form. */
    orderCompleted(state, action: PayloadAction<CompletedOrder>) {
      state.payment.status = 'succeeded';
      state.payment.message = null;
      state.completed = action.payload;
      state.placed = null;
      Object.assign(state, initialAccountFormState());
    },
  },
  selectors: {
    selectCheckoutStep: (state) => state.step,
    selectAccountForm: (state) => state.form,
    selectAddressMode: (state) => state.addressMode,
    selectFieldErrors: (state) => state.fieldErrors,
    selectFormBanner: (state) => state.formBanner,
    selectPayment: (state) => state.payment,
    selectPlacedOrder: (state) => state.placed,
    selectCompletedOrder: (state) => state.completed,
  },
});

export const {
  checkoutOpened,
  orderSummaryConfirmed,
  accountDetailsConfirmed,
  backClicked,
  fieldEdited,
  accountFormRejected,
  addressChosen,
  manualAddressChosen,
  addressChangeClicked,
  googleSignedIn,
  paymentStarted,
  orderPlaced,
  paymentProgressed,
  paymentFailed,
  orderCompleted,
} = checkoutSlice.actions;

export const {
  selectCheckoutStep,
  selectAccountForm,
  selectAddressMode,
  selectFieldErrors,
  selectFormBanner,
  selectPayment,
  selectPlacedOrder,
  selectCompletedOrder,
} = checkoutSlice.selectors;
