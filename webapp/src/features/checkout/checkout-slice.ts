import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountField, AddressMode, AddressSuggestion, CustomerInfo, ExtensionDetails, FieldErrors } from './types';

/** The country of every account (spec 2 §3: fixed, read-only). */
export const COUNTRY = 'United Kingdom';

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

/**
 * Client-only checkout state: the step, the account form (so Back and a trip elsewhere keep
 * what was typed), the payment's status and the finished order. Nothing here is persisted.
 */
export interface CheckoutState {
  step: CheckoutStep;
  form: CustomerInfo;
  addressMode: AddressMode;
  fieldErrors: FieldErrors;
  formBanner: string | null;
  payment: { status: PaymentStatus; message: string | null; progress: ProgressStep[] };
  completed: CompletedOrder | null;
}

export function emptyForm(): CustomerInfo {
  return {
    email: '',
    password: '',
    confirmPassword: '',
    companyName: '',
    firstName: '',
    lastName: '',
    phone: '',
    postcode: '',
    address: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    country: COUNTRY,
    isGoogleSignIn: false,
  };
}

const initialPayment = (): CheckoutState['payment'] => ({ status: 'initial', message: null, progress: [] });

export function initialCheckoutState(): CheckoutState {
  return {
    step: 1,
    form: emptyForm(),
    addressMode: 'lookup',
    fieldErrors: {},
    formBanner: null,
    payment: initialPayment(),
    completed: null,
  };
}

function clearErrors(state: CheckoutState, fields: AccountField[]) {
  for (const field of fields) delete state.fieldErrors[field];
  if (Object.keys(state.fieldErrors).length === 0) state.formBanner = null;
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
    fieldEdited(state, action: PayloadAction<{ field: AccountField; value: string }>) {
      const { field, value } = action.payload;
      state.form[field] = value;
      clearErrors(state, [field]);
      // A new postcode in the detailed address goes back to the lookup.
      if (field === 'postcode' && state.addressMode === 'detail') state.addressMode = 'lookup';
    },
    /** The form's own check, or the server's 422 `invalid_fields`, found errors. */
    accountFormRejected(state, action: PayloadAction<{ errors: FieldErrors; banner: string }>) {
      state.step = 2;
      state.fieldErrors = action.payload.errors;
      state.formBanner = action.payload.banner;
      state.payment = initialPayment();
    },
    addressChosen(state, action: PayloadAction<AddressSuggestion>) {
      const address = action.payload;
      state.form.postcode = address.postcode;
      state.form.addressLine1 = address.line_1;
      state.form.addressLine2 = [address.line_2, address.line_3].filter(Boolean).join(', ');
      state.form.city = address.post_town;
      state.form.address = address.formatted;
      state.addressMode = 'detail';
      clearErrors(state, ['postcode', 'addressLine1', 'addressLine2', 'city']);
    },
    manualAddressChosen(state) {
      state.addressMode = 'detail';
    },
    /** Change: back to the lookup with the address emptied. */
    addressChangeClicked(state) {
      state.addressMode = 'lookup';
      state.form.postcode = '';
      state.form.address = '';
      state.form.addressLine1 = '';
      state.form.addressLine2 = '';
      state.form.city = '';
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
      clearErrors(state, ['email', 'firstName', 'lastName', 'password', 'confirmPassword']);
    },
    paymentStarted(state) {
      state.payment = { status: 'processing', message: null, progress: [] };
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
      state.form = emptyForm();
      state.addressMode = 'lookup';
      state.fieldErrors = {};
      state.formBanner = null;
    },
  },
  selectors: {
    selectCheckoutStep: (state) => state.step,
    selectAccountForm: (state) => state.form,
    selectAddressMode: (state) => state.addressMode,
    selectFieldErrors: (state) => state.fieldErrors,
    selectFormBanner: (state) => state.formBanner,
    selectPayment: (state) => state.payment,
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
  selectCompletedOrder,
} = checkoutSlice.selectors;
