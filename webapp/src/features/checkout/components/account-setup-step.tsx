import type { FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { validateAccount } from '../account-validation';
import {
  accountDetailsConfirmed,
  accountFormRejected,
  backClicked,
  fieldEdited,
  selectAccountForm,
  selectAddressMode,
  selectFieldErrors,
  selectFormBanner,
} from '../checkout-slice';
import { messages } from '../messages';
import type { AccountField } from '../types';
import { AddressFields } from './address-fields';
import { GoogleSignUp } from './google-sign-up';
import { TextField } from './text-field';

/** Step 2: the account form (spec 2 §5 rules); the server checks it again when the order is placed. */
export function AccountSetupStep({ googleClientId }: { googleClientId: string | null }) {
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectAccountForm);
  const addressMode = useAppSelector(selectAddressMode);
  const errors = useAppSelector(selectFieldErrors);
  const banner = useAppSelector(selectFormBanner);

  const edit = (field: AccountField) => (value: string) => dispatch(fieldEdited({ field, value }));

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
        <fieldset className="form-section">
          <legend>Contact Information</legend>
          <TextField label="Email" type="email" value={form.email} onChange={edit('email')} error={errors.email} autoComplete="email" />
          {!form.isGoogleSignIn && (
            <div className="form-grid">
              <TextField
                label="Password"
                type="password"
                value={form.password}
                onChange={edit('password')}
                error={errors.password}
                autoComplete="new-password"
                hint="At least 8 characters."
              />
              <TextField
                label="Confirm Password"
                type="password"
                value={form.confirmPassword}
                onChange={edit('confirmPassword')}
                error={errors.confirmPassword}
                autoComplete="new-password"
              />
            </div>
          )}
        </fieldset>
        <fieldset className="form-section">
          <legend>Company Details</legend>
          <TextField
            label="Company Name"
            value={form.companyName}
            onChange={edit('companyName')}
            error={errors.companyName}
            autoComplete="organization"
          />
          <div className="form-grid">
            <TextField
              label="First Name"
              value={form.firstName}
              onChange={edit('firstName')}
              error={errors.firstName}
              autoComplete="given-name"
            />
            <TextField label="Last Name" value={form.lastName} onChange={edit('lastName')} error={errors.lastName} autoComplete="family-name" />
          </div>
          <TextField label="Phone Number" type="tel" value={form.phone} onChange={edit('phone')} error={errors.phone} autoComplete="tel" />
        </fieldset>
        <AddressFields />
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
