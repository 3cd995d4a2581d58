import type { FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { AccountFields } from '../../../components/account-form/account-fields';
import { validateAccount } from '../../../lib/account-form/validation';
import {
  accountDetailsConfirmed,
  accountFormRejected,
  addressChangeClicked,
  addressChosen,
  backClicked,
  fieldEdited,
  manualAddressChosen,
  selectAccountForm,
  selectAddressMode,
  selectFieldErrors,
  selectFormBanner,
} from '../checkout-slice';
import { messages } from '../messages';
import { GoogleSignUp } from './google-sign-up';

/** Step 2: the account form (docs/product-rules.md, Account form); the server checks it again when the order is placed. */
export function AccountSetupStep({ googleClientId }: { googleClientId: string | null }) {
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectAccountForm);
  const addressMode = useAppSelector(selectAddressMode);
  const fieldErrors = useAppSelector(selectFieldErrors);
  const banner = useAppSelector(selectFormBanner);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      const found = validateAccount(form, addressMode);
      if (Object.keys(found).length > 0) dispatch(accountFormRejected({ errors: found, banner: messages.formBanner }));
      else dispatch(accountDetailsConfirmed());
    } catch {
      dispatch(accountFormRejected({ errors: {}, banner: messages.submitFailed }));
    }
  };

  return (
    <section className="panel checkout-panel" aria-labelledby="checkout-step-heading">
      <h2 id="checkout-step-heading">Account Setup</h2>
      {banner && (
        <p role="alert" className="form-banner">
          {banner}
        </p>
      )}
      {googleClientId && <GoogleSignUp clientId={googleClientId} connected={form.isGoogleSignIn} />}
      <form noValidate onSubmit={submit} aria-label="Account details">
        <AccountFields
          state={{ form, addressMode, fieldErrors }}
          showPasswords={!form.isGoogleSignIn}
          onEdit={(field, value) => dispatch(fieldEdited({ field, value }))}
          onAddressChosen={(suggestion) => dispatch(addressChosen(suggestion))}
          onManualAddress={() => dispatch(manualAddressChosen())}
          onChangeAddress={() => dispatch(addressChangeClicked())}
        />
        <div className="page-actions">
          <button type="button" className="button button-secondary" onClick={() => dispatch(backClicked())}>
            Back
          </button>
          <button type="submit" className="button button-primary">
            Continue to Payment
          </button>
        </div>
      </form>
    </section>
  );
}
