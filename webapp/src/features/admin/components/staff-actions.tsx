import { useId, useState, type FormEvent } from 'react';
import { serverErrorMessage } from '../../../lib/api-error';
import { orderMessages } from '../messages';
import type { OrderHistory } from '../order-types';
import {
  useExtendTrialMutation,
  useFillPlaceholderMutation,
  useReleaseNumberMutation,
  useReplaceNumberMutation,
  useResendConfirmationMutation,
  useResetSipPasswordMutation,
} from '../orders-api';
import type { SipPasswordReset } from '../order-types';
import type { OpenPlaceholder } from '../order-types';
import type { StaffRole } from '../types';
import type { ShowFlash } from '../use-flash';
import { ConfirmDialog } from './confirm-dialog';
import { StaffTransferActions } from './transfer-actions';
import { MoneyActions } from './refund-actions';
import { TRIAL_MAX_EXTENSION_DAYS } from '../../../config/trial';

interface StaffActionsProps {
  history: OrderHistory;
  role: StaffRole;
  /** After an action: the page shows the fresh history the server answered (its last event). */
  onChanged: () => void;
  flash: ShowFlash;
}

const MIN_DAYS = 1;
/** The most days one trial may gain in all (the catalogue's `trial.maxExtensionDays`). */
const MAX_DAYS = TRIAL_MAX_EXTENSION_DAYS;

/** Whole days from 1 to the most, else null. */
function daysFrom(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const days = Number(text);
  return days >= MIN_DAYS && days <= MAX_DAYS ? days : null;
}

/**
 * What staff may do to the order, as the server allows it (`actions`): resend the confirmation,
 * replace a lost number, fill an area code, move a number transfer along, release a number
 * (after a confirmation), refund a hardware order or cancel a subscription (admins; support
 * staff propose them), and, for admins only, extend a trial. A refusal shows the server's
 * message.
 */
export function StaffActions({ history, role, onChanged, flash }: StaffActionsProps) {
  const id = useId();
  const { kind, id: orderId, actions } = history;
  const ref = { kind, id: orderId };
  const [resend, resending] = useResendConfirmationMutation();
  const [release, releasing] = useReleaseNumberMutation();
  const [extend, extending] = useExtendTrialMutation();
  const [replace, replacing] = useReplaceNumberMutation();
  const [fill, filling] = useFillPlaceholderMutation();
  const [resetSip, resettingSip] = useResetSipPasswordMutation();
  const [newSip, setNewSip] = useState<SipPasswordReset | null>(null);
  const busy =
    resending.isLoading || releasing.isLoading || extending.isLoading || replacing.isLoading || filling.isLoading || resettingSip.isLoading;
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [days, setDays] = useState('1');

  const releasable = actions.releasableNumbers;
  const number = releasable.includes(chosen) ? chosen : (releasable[0] ?? '');
  const canExtend = role === 'admin' && actions.extendTrial;

  const run = async (action: () => Promise<unknown>, success: string) => {
    setError(null);
    try {
      await action();
      onChanged();
      flash('success', success);
    } catch (failure) {
      setError(serverErrorMessage(failure, orderMessages.actionFailed));
    }
  };

  const confirmRelease = () => {
    setConfirming(false);
    void run(() => release({ ...ref, number }).unwrap(), orderMessages.released(number));
  };

  const submitExtend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = daysFrom(days);
    if (wanted === null) {
      setError(orderMessages.extendDaysInvalid);
      return;
    }
    void run(() => extend({ ...ref, days: wanted }).unwrap(), orderMessages.extended(wanted));
  };

  return (
    <section className="admin-order-block" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Staff actions</h2>
      {error && (
        <div className="admin-problem" role="alert">
          {error}
        </div>
      )}

      <div className="admin-action">
        <h3>Confirmation e-mail</h3>
        {!actions.resendConfirmation && <p className="admin-hint">{orderMessages.noConfirmationYet}</p>}
        <button
          type="button"
          className="button button-secondary"
          disabled={!actions.resendConfirmation || busy}
          onClick={() => void run(() => resend(ref).unwrap(), orderMessages.resent)}
        >
          {resending.isLoading ? 'Resending...' : 'Resend confirmation e-mail'}
        </button>
      </div>

      {actions.sipExtensions.length > 0 && (
        <div className="admin-action">
          <h3>SIP passwords</h3>
          <p className="admin-hint">A new password for an extension the customer lost the password of: the old one stops working at once.</p>
          <ul className="admin-action-list">
            {actions.sipExtensions.map((extension) => (
              <li key={extension}>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  onClick={() =>
                    void run(async () => setNewSip(await resetSip({ ...ref, number: extension }).unwrap()), `SIP password of ${extension} reset.`)
                  }
                >
                  Reset SIP password of extension {extension}
                </button>
              </li>
            ))}
          </ul>
          {newSip && (
            <p className="admin-hint" role="status" aria-label="New SIP password">
              {orderMessages.sipPasswordReset(newSip.number, newSip.username)} <code>{newSip.password}</code>
            </p>
          )}
        </div>
      )}

      {actions.replaceableNumbers.length > 0 && (
        <div className="admin-action">
          <h3>Needs a replacement</h3>
          <p className="admin-hint">Paid for, but taken by another order before this one completed: give a free number of the same area code.</p>
          <ul className="admin-action-list">
            {actions.replaceableNumbers.map((lost) => (
              <li key={lost}>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy}
                  onClick={() => void run(() => replace({ ...ref, lost }).unwrap(), orderMessages.replaced(lost))}
                >
                  {replacing.isLoading ? 'Replacing...' : `Replace ${lost}`}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {actions.openPlaceholders.map((open) => (
        <PlaceholderPicker
          key={open.placeholder}
          open={open}
          busy={busy}
          onPick={(number) =>
            void run(() => fill({ ...ref, placeholder: open.placeholder, number }).unwrap(), orderMessages.placeholderFilled(number, open.areaCode))
          }
        />
      ))}

      <StaffTransferActions order={ref} transfers={actions.ports ?? []} onChanged={onChanged} flash={flash} />

      <MoneyActions history={history} onChanged={onChanged} flash={flash} />

      {kind !== 'hardware' && (
        <div className="admin-action">
          <h3>Phone numbers</h3>
          {releasable.length === 0 ? (
            <p className="admin-hint">No numbers to release.</p>
          ) : (
            <div className="admin-action-row">
              <div className="admin-field">
                <label htmlFor={`${id}-number`}>Number to release</label>
                <select id={`${id}-number`} value={number} onChange={(event) => setChosen(event.target.value)} disabled={busy}>
                  {releasable.map((candidate) => (
                    <option key={candidate} value={candidate}>
                      {candidate}
                    </option>
                  ))}
                </select>
              </div>
              <button type="button" className="button button-secondary admin-danger" disabled={busy} onClick={() => setConfirming(true)}>
                {releasing.isLoading ? 'Releasing...' : 'Release number'}
              </button>
            </div>
          )}
        </div>
      )}

      {canExtend && (
        <form className="admin-action" onSubmit={submitExtend} noValidate aria-labelledby={`${id}-trial`}>
          <h3 id={`${id}-trial`}>Trial</h3>
          <div className="admin-action-row">
            <div className="admin-field">
              <label htmlFor={`${id}-days`}>
                Days to extend ({MIN_DAYS} to {MAX_DAYS})
              </label>
              <input
                id={`${id}-days`}
                type="number"
                inputMode="numeric"
                min={MIN_DAYS}
                max={MAX_DAYS}
                step={1}
                value={days}
                onChange={(event) => setDays(event.target.value)}
                disabled={busy}
              />
            </div>
            <button type="submit" className="button button-secondary" disabled={busy}>
              {extending.isLoading ? 'Extending...' : 'Extend trial'}
            </button>
          </div>
        </form>
      )}

      {confirming && (
        <ConfirmDialog
          title="Release this number?"
          message={orderMessages.confirmRelease(number, history.orderNumber)}
          confirmLabel="Release number"
          onConfirm={confirmRelease}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

/** A paid area code waiting for its number: one of the free numbers of that code, picked by staff. */
function PlaceholderPicker({ open, busy, onPick }: { open: OpenPlaceholder; busy: boolean; onPick: (number: string) => void }) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const number = open.candidates.includes(chosen) ? chosen : (open.candidates[0] ?? '');
  return (
    <div className="admin-action">
      <h3>{open.areaCode} number to give</h3>
      {open.candidates.length === 0 ? (
        <p className="admin-hint">{orderMessages.noPlaceholderStock(open.areaCode)}</p>
      ) : (
        <div className="admin-action-row">
          <div className="admin-field">
            <label htmlFor={`${id}-number`}>Free {open.areaCode} number</label>
            <select id={`${id}-number`} value={number} onChange={(event) => setChosen(event.target.value)} disabled={busy}>
              {open.candidates.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {candidate}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => onPick(number)}>
            Give this number
          </button>
        </div>
      )}
    </div>
  );
}
