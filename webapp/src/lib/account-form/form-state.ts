import type { PayloadAction } from '@reduxjs/toolkit';
import type { AccountField, AddressMode, AddressSuggestion, CustomerInfo, FieldErrors } from './types';

/** The country of every account (fixed, read-only). */
export const COUNTRY = 'United Kingdom';

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

/**
 * What the account form shows: the fields, lookup or detailed address, each field's error and
 * the banner above. The checkout keeps it in its slice, the trial in its page; both change it
 * with the functions below (written for Immer drafts: they change the state they are given).
 */
export interface AccountFormState {
  form: CustomerInfo;
  addressMode: AddressMode;
  fieldErrors: FieldErrors;
  formBanner: string | null;
}

export function initialAccountFormState(): AccountFormState {
  return { form: emptyForm(), addressMode: 'lookup', fieldErrors: {}, formBanner: null };
}

/** Drops these fields' errors, and the banner once no error is left. */
export function clearFieldErrors(state: AccountFormState, fields: AccountField[]): void {
  for (const field of fields) delete state.fieldErrors[field];
  if (Object.keys(state.fieldErrors).length === 0) state.formBanner = null;
}

/** A field was edited: its error clears; a new postcode in the detailed address goes back to the lookup. */
function editField(state: AccountFormState, field: AccountField, value: string): void {
  state.form[field] = value;
  clearFieldErrors(state, [field]);
  if (field === 'postcode' && state.addressMode === 'detail') state.addressMode = 'lookup';
}

/** The form's own check, or the server's 422 `invalid_fields`, found errors. */
export function rejectForm(state: AccountFormState, errors: FieldErrors, banner: string): void {
  state.fieldErrors = errors;
  state.formBanner = banner;
  // The address lines only show in detail mode: show them when one of them is wrong.
  if (errors.addressLine1 || errors.addressLine2 || errors.city) state.addressMode = 'detail';
}

/** A suggestion of the postcode lookup was chosen: the detailed fields, filled in. */
function chooseAddress(state: AccountFormState, address: AddressSuggestion): void {
  state.form.postcode = address.postcode;
  state.form.addressLine1 = address.line_1;
  state.form.addressLine2 = [address.line_2, address.line_3].filter(Boolean).join(', ');
  state.form.city = address.post_town;
  state.form.address = address.formatted;
  state.addressMode = 'detail';
  clearFieldErrors(state, ['postcode', 'addressLine1', 'addressLine2', 'city']);
}

/** Enter address manually: the detailed fields as they are. */
function enterAddressManually(state: AccountFormState): void {
  state.addressMode = 'detail';
}

/** Change: back to the lookup with the address emptied. */
function changeAddress(state: AccountFormState): void {
  state.addressMode = 'lookup';
  state.form.postcode = '';
  state.form.address = '';
  state.form.addressLine1 = '';
  state.form.addressLine2 = '';
  state.form.city = '';
}

/**
 * The case reducers of the account form, for any slice whose state holds one (the checkout's
 * slice in the store, the trial page's own): the action names are the slice's.
 */
export const accountFormReducers = {
  fieldEdited(state: AccountFormState, action: PayloadAction<{ field: AccountField; value: string }>) {
    editField(state, action.payload.field, action.payload.value);
  },
  addressChosen(state: AccountFormState, action: PayloadAction<AddressSuggestion>) {
    chooseAddress(state, action.payload);
  },
  manualAddressChosen(state: AccountFormState) {
    enterAddressManually(state);
  },
  addressChangeClicked(state: AccountFormState) {
    changeAddress(state);
  },
};
