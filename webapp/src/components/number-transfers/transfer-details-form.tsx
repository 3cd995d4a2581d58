import { useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../account-form/text-field';
import { siteConfig } from '../../config/site';
import { serverErrorMessage } from '../../lib/api-error';
import { formatSignedDay, transferDetailsErrors, transferDetailsFormFor, transferDetailsMessages, ukDay, type TransferDetailsField, type TransferDetailsErrors } from '../../lib/transfer-rules';
import type { TransferDetails, TransferLine } from '../../lib/api-types';

interface TransferDetailsFormProps {
  transfer: TransferLine;
  /** The server accepted the details. */
  onSigned: () => void;
  /** Shown while correcting details already signed: closes the form unchanged. */
  onCancel?: () => void;
  /** Sends the signed details (the thank-you page's public route, or the account's session). */
  sign: TransferSigner;
}

/** Sends a transfer's signed details; rejects with the server's refusal (`{ data: { error } }` or an Error). */
export type TransferSigner = (number: string, details: TransferDetails) => Promise<unknown>;

const FIELD_ORDER: TransferDetailsField[] = ['accountHolder', 'currentProvider', 'billingPostcode', 'signedName', 'authorised'];

/**
 * The details the current provider needs to release the number, and the buyer's letter of
 * authority signed by typing their name and ticking the authorisation. Checked here as the
 * server checks them; a refusal shows the server's message.
 */
export function TransferDetailsForm({ transfer, onSigned, onCancel, sign }: TransferDetailsFormProps) {
  const id = useId();
  const [form, setForm] = useState<TransferDetails>(() => transferDetailsFormFor(transfer));
  const [errors, setErrors] = useState<TransferDetailsErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [today] = useState(() => new Date());
  const [isLoading, setSigning] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const product = siteConfig.productName;
  const number = transfer.displayNumber || transfer.number;
  const provider = form.currentProvider.trim() || 'my current provider';

  const edit = (field: Exclude<TransferDetailsField, 'authorised'>) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const found = transferDetailsErrors(form);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setSigning(true);
    try {
      await sign(transfer.number, form);
      onSigned();
    } catch (failure) {
      setServerError(serverErrorMessage(failure, transferDetailsMessages.failed));
    } finally {
      setSigning(false);
    }
  };

  return (
    <form ref={formRef} className="transfer-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Confirm your transfer details</h4>
      <p className="muted small">
        Your current provider releases the number only when these match the account it is on today, so copy them from a recent bill.
      </p>
      <TextField
        label="Account holder (as on the current provider’s bill)"
        value={form.accountHolder}
        onChange={edit('accountHolder')}
        error={errors.accountHolder}
        maxLength={200}
        data-field="accountHolder"
      />
      <div className="form-grid">
        <TextField
          label="Current provider"
          value={form.currentProvider}
          onChange={edit('currentProvider')}
          error={errors.currentProvider}
          hint="The company that bills you for the number now, e.g. BT."
          maxLength={200}
          data-field="currentProvider"
        />
        <TextField
          label="Billing postcode"
          value={form.billingPostcode}
          onChange={edit('billingPostcode')}
          error={errors.billingPostcode}
          hint="The postcode that account is billed to."
          autoComplete="postal-code"
          maxLength={10}
          data-field="billingPostcode"
        />
      </div>

      <div className="transfer-authority" aria-labelledby={`${id}-loa`} role="group">
        <p id={`${id}-loa`} className="transfer-authority-title">
          Letter of authority
        </p>
        <p>
          I ask {product} to arrange the transfer of {number} to {product}, and I authorise {provider} to release the number
          for that purpose.
        </p>
        <p>I am the holder of the account the number is on, or I have the account holder’s permission to make this request.</p>
        <p>
          I understand that when the number moves, the line and the services {provider} provides on it for that number (calls,
          call packages, voicemail and anything else billed with it) end, and that any notice or charges under my contract with
          them remain mine.
        </p>
      </div>

      <TextField
        label="Type your full name to sign"
        value={form.signedName}
        onChange={edit('signedName')}
        error={errors.signedName}
        autoComplete="name"
        maxLength={200}
        data-field="signedName"
      />
      <p className="transfer-sign-date">
        Date: <time dateTime={ukDay(today)}>{formatSignedDay(today)}</time>
      </p>

      <div className={`form-field transfer-authorise${errors.authorised ? ' has-error' : ''}`}>
        <label>
          <input
            type="checkbox"
            checked={form.authorised}
            required
            aria-invalid={errors.authorised ? true : undefined}
            aria-describedby={errors.authorised ? `${id}-authorised-error` : undefined}
            data-field="authorised"
            onChange={(event) => {
              const authorised = event.target.checked;
              setForm((current) => ({ ...current, authorised }));
              if (authorised) setErrors((current) => ({ ...current, authorised: undefined }));
            }}
          />{' '}
          I authorise {product} to transfer this number
        </label>
        {errors.authorised && (
          <p id={`${id}-authorised-error`} className="field-error">
            {errors.authorised}
          </p>
        )}
      </div>

      {serverError && (
        <p className="form-banner" role="alert">
          {serverError}
        </p>
      )}
      <div className="transfer-form-actions">
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? 'Signing…' : 'Sign and confirm'}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={isLoading}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
