import { useId, useState, type FormEvent } from 'react';
import { serverErrorMessage } from '../../../lib/api-error';
import { orderMessages } from '../messages';
import type { CallsOutAction, OrderRef } from '../order-types';
import { useRestoreCallsOutMutation, useSuspendCallsOutMutation } from '../orders-api';
import type { ShowFlash } from '../use-flash';

/** Longest reason the server takes (it is the phones' SIP reason phrase: one short line). */
const MAX_REASON = 100;

const CAUSES: Record<NonNullable<CallsOutAction['cause']>, string> = {
  paymentFailed: 'a failed payment',
  dispute: 'a disputed payment',
  staff: 'staff',
};

/**
 * A service order's calls out (admins only; docs/product-rules.md, Service follows the money):
 * suspended with a reason the phones get as the 403's phrase and the buyer reads in their
 * account, or restored whatever suspended them.
 */
export function CallsOutActions({
  order,
  callsOut,
  onChanged,
  flash,
}: {
  order: OrderRef;
  callsOut: CallsOutAction;
  onChanged: () => void;
  flash: ShowFlash;
}) {
  const id = useId();
  const [suspend, suspending] = useSuspendCallsOutMutation();
  const [restore, restoring] = useRestoreCallsOutMutation();
  const busy = suspending.isLoading || restoring.isLoading;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suspended = callsOut.suspended ?? null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why || /[\r\n]/.test(why)) {
      setError(orderMessages.callsOutReasonMissing);
      return;
    }
    setError(null);
    try {
      if (suspended) {
        await restore({ ...order, body: { reason: why } }).unwrap();
        flash('success', orderMessages.callsOutRestored);
      } else {
        await suspend({ ...order, body: { reason: why } }).unwrap();
        flash('success', orderMessages.callsOutSuspended);
      }
      setReason('');
      onChanged();
    } catch (failure) {
      setError(serverErrorMessage(failure, orderMessages.actionFailed));
    }
  };

  return (
    <form className="admin-action" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Calls out</h3>
      <p className="admin-hint">
        {suspended
          ? `Suspended (${callsOut.cause ? CAUSES[callsOut.cause] : 'staff'}): "${suspended}". Calls in and between extensions go on.`
          : 'Calls out go. Suspending refuses them with your reason; calls in and between extensions go on.'}
      </p>
      {error && (
        <div className="admin-problem" role="alert">
          {error}
        </div>
      )}
      <div className="admin-field">
        <label htmlFor={`${id}-reason`}>{suspended ? 'Reason (kept in the history)' : 'Reason (the phones and the buyer see it)'}</label>
        <input id={`${id}-reason`} maxLength={MAX_REASON} value={reason} onChange={(event) => setReason(event.target.value)} disabled={busy} />
      </div>
      <div className="admin-form-actions">
        <button type="submit" className={suspended ? 'button button-secondary' : 'button button-secondary admin-danger'} disabled={busy}>
          {suspended ? (restoring.isLoading ? 'Restoring...' : 'Restore calls out') : suspending.isLoading ? 'Suspending...' : 'Suspend calls out'}
        </button>
      </div>
    </form>
  );
}
