import { useState } from 'react';
import { PostcodeLookupResults } from './address-suggestions';
import { COUNTRY } from '../../lib/account-form/form-state';
import { formMessages as messages } from '../../lib/account-form/messages';
import type { AccountField, AddressMode, AddressSuggestion, CustomerInfo, FieldErrors } from '../../lib/account-form/types';
import { TextField } from './text-field';
import { usePostcodeLookup } from './use-postcode-lookup';

/** What the account form does when the address is edited (the checkout's slice, or the trial page's state). */
export interface AddressHandlers {
  onEdit: (field: AccountField, value: string) => void;
  onAddressChosen: (suggestion: AddressSuggestion) => void;
  onManualAddress: () => void;
  onChangeAddress: () => void;
}

interface AddressFieldsProps extends AddressHandlers {
  form: CustomerInfo;
  mode: AddressMode;
  errors: FieldErrors;
}

/**
 * Postcode lookup through our server: 500 ms after the last key, for 5 to 8 characters
 * (spaces removed, upper case); a newer postcode aborts the request before it and a stale
 * answer is never shown. Choosing an address, or Enter address manually, shows the detailed
 * fields; Change empties them and goes back to the lookup.
 */
export function AddressFields({ form, mode, errors, onEdit, onAddressChosen, onManualAddress, onChangeAddress }: AddressFieldsProps) {
  const lookup = usePostcodeLookup(form.postcode, mode === 'lookup');
  const [selectError, setSelectError] = useState<string | null>(null);

  const edit = (field: 'postcode' | 'addressLine1' | 'addressLine2' | 'city') => (value: string) => {
    setSelectError(null);
    onEdit(field, value);
  };

  const choose = (suggestion: AddressSuggestion) => {
    try {
      if (!suggestion.line_1 && !suggestion.formatted) throw new Error('Address without lines');
      setSelectError(null);
      onAddressChosen(suggestion);
    } catch {
      setSelectError(messages.addressSelectFailed);
    }
  };

  return (
    <fieldset className="form-section">
      <legend>Address</legend>
      <div className="postcode-row">
        <TextField
          label="Postcode"
          value={form.postcode}
          onChange={edit('postcode')}
          error={errors.postcode}
          autoComplete="postal-code"
          hint={mode === 'lookup' ? 'Type your postcode to find your address.' : undefined}
        />
        {mode === 'detail' && (
          <button type="button" className="button button-secondary" onClick={onChangeAddress}>
            Change
          </button>
        )}
      </div>

      {mode === 'lookup' && (
        <div className="address-lookup">
          <PostcodeLookupResults lookup={lookup} onChoose={choose} urgentMessage />
          {selectError && (
            <p role="alert" className="form-error">
              {selectError}
            </p>
          )}
          <button type="button" className="link-button" onClick={onManualAddress}>
            Enter address manually
          </button>
        </div>
      )}

      {mode === 'detail' && (
        <div className="address-detail">
          <TextField
            label="Address Line 1"
            value={form.addressLine1}
            onChange={edit('addressLine1')}
            error={errors.addressLine1}
            autoComplete="address-line1"
          />
          <TextField
            label="Address Line 2 (optional)"
            value={form.addressLine2}
            onChange={edit('addressLine2')}
            error={errors.addressLine2}
            autoComplete="address-line2"
          />
          <TextField label="City" value={form.city} onChange={edit('city')} error={errors.city} autoComplete="address-level2" />
        </div>
      )}
      <TextField label="Country" value={COUNTRY} readOnly />
    </fieldset>
  );
}
