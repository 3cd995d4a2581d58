import type { AccountFormState } from '../../lib/account-form/form-state';
import type { AccountField } from '../../lib/account-form/types';
import { AddressFields, type AddressHandlers } from './address-fields';
import { TextField } from './text-field';

interface AccountFieldsProps extends AddressHandlers {
  state: Pick<AccountFormState, 'form' | 'addressMode' | 'fieldErrors'>;
  /** False for a Google sign-up (no password is asked). */
  showPasswords: boolean;
}

/**
 * The account form's sections: Contact Information, Company Details and Address,
 * each field with its error under it. The checkout and the free trial wrap it in their own form.
 */
export function AccountFields({ state, showPasswords, ...handlers }: AccountFieldsProps) {
  const { form, addressMode, fieldErrors: errors } = state;
  const edit = (field: AccountField) => (value: string) => handlers.onEdit(field, value);
  return (
    <>
      <fieldset className="form-section">
        <legend>Contact Information</legend>
        <TextField label="Email" type="email" value={form.email} onChange={edit('email')} error={errors.email} autoComplete="email" />
        {showPasswords && (
          <div className="form-grid">
            <TextField
              label="Password"
              type="password"
              value={form.password}
              onChange={edit('password')}
              error={errors.password}
              autoComplete="new-password"
              hint="At least 12 characters: three or four unrelated words make a strong one. If this e-mail already has an account that nobody has confirmed, you can claim it later with 'Forgot password'."
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
      <AddressFields form={form} mode={addressMode} errors={errors} {...handlers} />
    </>
  );
}
