import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/account-form/text-field';
import { serverErrorMessage } from '../../../lib/api-error';
import { normalisePac, pacError, transferMessages } from '../../numbers/transfer-rules';
import { useGivePortPacMutation } from '../api';
import { portMessages } from '../port-rules';
import type { PortLine } from '../types';

/** A new PAC code for a mobile's transfer the network refused (expired or mistyped): checked here as the server checks it. */
export function PortPacForm({
  orderId,
  port,
  onGiven,
  give: giveOtherwise,
}: {
  orderId: string;
  port: PortLine;
  onGiven: () => void;
  /** Sends the PAC another way (the account page's session); rejects with the server's refusal. */
  give?: (number: string, pac: string) => Promise<unknown>;
}) {
  const id = useId();
  const [pac, setPac] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [give, { isLoading: giving }] = useGivePortPacMutation();
  const [sending, setSending] = useState(false);
  const isLoading = giving || sending;

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
      if (giveOtherwise) await giveOtherwise(port.number, normalised);
      else await give({ orderId, number: port.number, pac: normalised }).unwrap();
      onGiven();
    } catch (failure) {
      setServerError(serverErrorMessage(failure, portMessages.failed));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="port-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
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
      <div className="port-form-actions">
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? 'Sending…' : 'Send the new PAC'}
        </button>
      </div>
    </form>
  );
}
