import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../account-form/text-field';
import { serverErrorMessage } from '../../lib/api-error';
import { normalisePac, pacError, transferDetailsMessages, transferMessages } from '../../lib/transfer-rules';
import type { TransferLine } from '../../lib/api-types';

/** A new PAC code for a mobile's transfer the network refused (expired or mistyped): checked here as the server checks it. */
export function TransferPacForm({
  transfer,
  onGiven,
  give,
}: {
  transfer: TransferLine;
  onGiven: () => void;
  /** Sends the PAC (the thank-you page's public route, or the account's session); rejects with the server's refusal. */
  give: (number: string, pac: string) => Promise<unknown>;
}) {
  const id = useId();
  const [pac, setPac] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isLoading, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const problem = pacError(pac);
    setError(problem);
    const normalised = normalisePac(pac);
    if (problem || !normalised) {
      event.currentTarget.querySelector<HTMLElement>('[data-field="pac"]')?.focus();
      return;
    }
    setSending(true);
    try {
      await give(transfer.number, normalised);
      onGiven();
    } catch (failure) {
      setServerError(serverErrorMessage(failure, transferDetailsMessages.failed));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="transfer-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Give a new PAC code</h4>
      <TextField
        label="PAC code"
        value={pac}
        onChange={(next) => {
          setPac(next);
          if (error) setError(undefined);
        }}
        error={error}
        hint={transferMessages.pacHint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        data-field="pac"
      />
      {serverError && (
        <p className="form-banner" role="alert">
          {serverError}
        </p>
      )}
      <div className="transfer-form-actions">
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? 'Sending…' : 'Send the new PAC'}
        </button>
      </div>
    </form>
  );
}
