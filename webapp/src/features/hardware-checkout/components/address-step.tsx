import { useState, type FormEvent } from 'react';
import { PostcodeLookupResults } from '../../../components/account-form/address-suggestions';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { TextField } from '../../../components/account-form/text-field';
import { usePostcodeLookup } from '../../../components/account-form/use-postcode-lookup';
import type { AddressSuggestion } from '../../../lib/account-form/types';
import { normalisePostcode } from '../../../lib/account-form/validation';
import { validateShippingAddress, type DraftField } from '../address-rules';
import {
  addressLookedUp,
  addressRejected,
  addressSubmitted,
  customerFieldEdited,
  selectAddressBanner,
  selectCustomerDraft,
  selectFieldErrors,
  stepBack,
} from '../hardware-checkout-slice';
import type { Country } from '../types';
import { SelectField } from './select-field';

/** The shipping countries when the server's list has not come (the contract's two). */
export const FALLBACK_SHIPPING_COUNTRIES: Country[] = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
];

/**
 * Step 3: who receives the phones and where. The form's own rules run on Review Order (each
 * field's message clears when it is edited); for a UK address the postcode lookup offers the
 * addresses at the typed postcode, and choosing one fills the lines.
 */
export function AddressStep({ countries }: { countries: Country[] }) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectCustomerDraft);
  const errors = useAppSelector(selectFieldErrors);
  const banner = useAppSelector(selectAddressBanner);
  // The postcode an address was chosen for: no more suggestions until another one is typed.
  const [chosenFor, setChosenFor] = useState<string | null>(null);
  const lookup = usePostcodeLookup(draft.postalCode, draft.country === 'GB' && normalisePostcode(draft.postalCode) !== chosenFor);

  const edit = (field: DraftField) => (value: string) => dispatch(customerFieldEdited({ field, value }));

  const choose = (suggestion: AddressSuggestion) => {
    setChosenFor(normalisePostcode(suggestion.postcode));
    dispatch(
      addressLookedUp({
        line1: suggestion.line_1,
        line2: [suggestion.line_2, suggestion.line_3].filter(Boolean).join(', '),
        city: suggestion.post_town,
        postalCode: suggestion.postcode,
      }),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateShippingAddress(draft);
    if (Object.keys(found).length > 0) dispatch(addressRejected({ errors: found }));
    else dispatch(addressSubmitted());
  };

  return (
    <section className="panel hw-panel" aria-labelledby="hw-step-heading">
      <h2 id="hw-step-heading">Shipping Address</h2>
      <form aria-label="Shipping address" noValidate onSubmit={submit}>
        {banner && (
          <p role="alert" className="form-banner">
            {banner}
          </p>
        )}
        <fieldset className="form-section">
          <legend>Contact</legend>
          <TextField label="Email" type="email" value={draft.email} onChange={edit('email')} error={errors.email} autoComplete="email" />
          <div className="form-grid">
            <TextField label="First Name" value={draft.firstName} onChange={edit('firstName')} error={errors.firstName} autoComplete="given-name" />
            <TextField label="Last Name" value={draft.lastName} onChange={edit('lastName')} error={errors.lastName} autoComplete="family-name" />
          </div>
          <TextField label="Phone Number" type="tel" value={draft.phone} onChange={edit('phone')} error={errors.phone} autoComplete="tel" />
        </fieldset>

        <fieldset className="form-section">
          <legend>Delivery address</legend>
          <TextField
            label="Postal Code"
            value={draft.postalCode}
            onChange={edit('postalCode')}
            error={errors.postalCode}
            autoComplete="postal-code"
            hint={draft.country === 'GB' ? 'Type your postcode to find your address, or fill in the lines below.' : undefined}
          />
          <PostcodeLookupResults lookup={lookup} onChoose={choose} />
          <TextField label="Address Line 1" value={draft.line1} onChange={edit('line1')} error={errors.line1} autoComplete="address-line1" />
          <TextField label="Address Line 2 (optional)" value={draft.line2} onChange={edit('line2')} autoComplete="address-line2" />
          <TextField label="City" value={draft.city} onChange={edit('city')} error={errors.city} autoComplete="address-level2" />
          <SelectField label="Country" value={draft.country} options={countries} onChange={edit('country')} error={errors.country} autoComplete="country" />
        </fieldset>

        <div className="page-actions">
          <button type="button" className="button button-secondary" onClick={() => dispatch(stepBack())}>
            Back
          </button>
          <button type="submit" className="button button-primary">
            Review Order
          </button>
        </div>
      </form>
    </section>
  );
}
