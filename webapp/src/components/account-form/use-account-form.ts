import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useMemo, useReducer } from 'react';
import { accountFormReducers, initialAccountFormState, rejectForm, type AccountFormState } from '../../lib/account-form/form-state';
import type { FieldErrors } from '../../lib/account-form/types';
import type { AddressHandlers } from './address-fields';

/** The account form held by one page (not in the store): the same rules as the checkout's slice. */
const accountFormSlice = createSlice({
  name: 'accountForm',
  initialState: initialAccountFormState,
  reducers: {
    ...accountFormReducers,
    formRejected(state, action: PayloadAction<{ errors: FieldErrors; banner: string }>) {
      rejectForm(state, action.payload.errors, action.payload.banner);
    },
  },
});

const { fieldEdited, addressChosen, manualAddressChosen, addressChangeClicked, formRejected } = accountFormSlice.actions;

interface AccountForm {
  state: AccountFormState;
  handlers: AddressHandlers;
  /** Marks the fields' errors and shows the banner. */
  reject: (errors: FieldErrors, banner: string) => void;
}

/** An account form in a page's own state, with the handlers AccountFields and AddressFields take. */
export function useAccountForm(): AccountForm {
  const [state, dispatch] = useReducer(accountFormSlice.reducer, undefined, initialAccountFormState);
  const handlers = useMemo<AddressHandlers>(
    () => ({
      onEdit: (field, value) => dispatch(fieldEdited({ field, value })),
      onAddressChosen: (suggestion) => dispatch(addressChosen(suggestion)),
      onManualAddress: () => dispatch(manualAddressChosen()),
      onChangeAddress: () => dispatch(addressChangeClicked()),
    }),
    [],
  );
  const reject = useMemo(() => (errors: FieldErrors, banner: string) => dispatch(formRejected({ errors, banner })), []);
  return { state, handlers, reject };
}
