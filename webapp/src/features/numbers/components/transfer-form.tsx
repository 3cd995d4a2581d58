import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/account-form/text-field';
import { internationalPortingQuote, normalisePac, pacError, transferKind, transferMessages } from '../../../lib/transfer-rules';

interface TransferFormProps {
  /** Adds the number (with a mobile's PAC code); resolves to whether the server accepted it. */
  onAdd: (value: string, pac?: string) => Promise<boolean>;
  busy?: boolean;
  /** The international page: its hint speaks of numbers from abroad first. */
  international?: boolean;
}

/**
 * A number to port in: trimmed, added with isTransfer, the inputs cleared once the server
 * accepts it (its 422 message is shown by the page). Empty values are ignored. A UK mobile
 * asks for its PAC code (checked here as the server checks it); a number from abroad offers a
 * quote for international porting with the number filled in, instead of adding it.
 */
export function TransferForm({ onAdd, busy, international }: TransferFormProps) {
  const inputId = useId();
  const hintId = useId();
  const offerId = useId();
  const [value, setValue] = useState('');
  const [pac, setPac] = useState('');
  const [pacProblem, setPacProblem] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const kind = transferKind(value);

  return (
    <form
      ref={formRef}
      className="transfer-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const trimmed = value.trim();
        if (!trimmed) {
          setValue('');
          return;
        }
        // A number from abroad is quoted for: the offer below says so.
        if (kind === 'foreign') {
          formRef.current?.querySelector<HTMLElement>('[data-quote-offer]')?.focus();
          return;
        }
        if (kind === 'mobile') {
          const problem = pacError(pac);
          setPacProblem(problem);
          if (problem) {
            formRef.current?.querySelector<HTMLElement>('[data-field="pac"]')?.focus();
            return;
          }
        }
        const accepted = await onAdd(trimmed, kind === 'mobile' ? (normalisePac(pac) ?? undefined) : undefined);
        if (accepted) {
          setValue('');
          setPac('');
        }
      }}
    >
      <label htmlFor={inputId}>Number to transfer</label>
      <p id={hintId} className="form-notice">
        {international ? transferMessages.internationalHint : transferMessages.ukHint}
      </p>
      <div className="transfer-row">
        <input
          id={inputId}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          aria-describedby={kind === 'foreign' ? `${hintId} ${offerId}` : hintId}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          Add number
        </button>
      </div>
      {kind === 'mobile' && (
        <div className="transfer-pac">
          <TextField
            label="PAC code"
            value={pac}
            onChange={(next) => {
              setPac(next);
              if (pacProblem) setPacProblem(undefined);
            }}
            error={pacProblem}
            hint={transferMessages.pacHint}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            data-field="pac"
          />
        </div>
      )}
      {kind === 'foreign' && (
        <div className="transfer-quote panel" id={offerId}>
          <p>{transferMessages.foreignOffer}</p>
          <Link className="button button-primary" to={internationalPortingQuote(value)} data-quote-offer="">
            {transferMessages.foreignLink}
          </Link>
        </div>
      )}
    </form>
  );
}
