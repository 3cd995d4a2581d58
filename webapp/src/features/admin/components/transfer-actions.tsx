import { Fragment, useId, useState, type FormEvent } from 'react';
import { serverErrorMessage } from '../../../lib/api-error';
import { orderMessages } from '../messages';
import type { OrderRef, TransferAction, TransferMove } from '../order-types';
import { useMoveTransferMutation } from '../orders-api';
import { formatDay, formatUkTime, ukDay } from '../uk-time';
import type { ShowFlash } from '../use-flash';

/** Longest rejection reason the server takes. */
const MAX_REASON = 500;

interface StaffTransferActionsProps {
  order: OrderRef;
  transfers: TransferAction[];
  /** After a step: the page shows the fresh history the server answered. */
  onChanged: () => void;
  flash: ShowFlash;
}

/** Business days open, with the Overdue flag in words (not colour alone). */
export function TransferAge({ days, overdue }: { days: number; overdue: boolean }) {
  return (
    <>
      {days} business {days === 1 ? 'day' : 'days'}
      {overdue && (
        <>
          {' '}
          <span className="admin-badge is-bad">Overdue</span>
        </>
      )}
    </>
  );
}

/**
 * The order's number transfers in the staff actions: for each, where it stands, what the losing
 * provider needs, and a button for each step the server allows now (`steps`).
 */
export function StaffTransferActions({ order, transfers, onChanged, flash }: StaffTransferActionsProps) {
  if (transfers.length === 0) return null;
  return (
    <div className="admin-action">
      <h3>Number transfers</h3>
      <ul className="admin-transfer-list">
        {transfers.map((transfer) => (
          <li key={transfer.number}>
            <TransferBlock order={order} transfer={transfer} onChanged={onChanged} flash={flash} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function TransferBlock({ order, transfer, onChanged, flash }: { order: OrderRef; transfer: TransferAction; onChanged: () => void; flash: ShowFlash }) {
  const id = useId();
  const [move, { isLoading }] = useMoveTransferMutation();
  const [error, setError] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [today] = useState(() => ukDay());
  const { number, steps } = transfer;

  const run = async (step: TransferMove, success: string) => {
    setError(null);
    try {
      await move({ ...order, move: step }).unwrap();
      onChanged();
      flash('success', success);
    } catch (failure) {
      setError(serverErrorMessage(failure, orderMessages.actionFailed));
    }
  };

  const submitDate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!date) return setError(orderMessages.portDateMissing);
    if (date < today) return setError(orderMessages.portDateInThePast);
    void run({ number, step: 'setDate', date }, orderMessages.portDateSet(number, formatDay(date)));
  };

  const submitReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError(orderMessages.portReasonMissing);
    if ([...text].length > MAX_REASON) return setError(orderMessages.portReasonTooLong);
    void run({ number, step: 'reject', reason: text }, orderMessages.portRejected(number));
  };

  const details: [string, string | null | undefined][] = [
    // A mobile moves with its PAC code: the network checks it against the number, no letter of authority.
    ['PAC code', transfer.pac],
    ['Account holder', transfer.accountHolder],
    ['Current provider', transfer.currentProvider],
    ['Billing postcode', transfer.billingPostcode],
    ['Signed by', transfer.signedName],
    ['Signed at (UK time)', transfer.signedAt ? formatUkTime(transfer.signedAt) : null],
    ['Transfer date', transfer.date ? formatDay(transfer.date) : null],
    ['Rejected because', transfer.rejectionReason],
  ];

  return (
    <article className="admin-transfer" aria-labelledby={`${id}-number`}>
      <h4 id={`${id}-number`}>Transfer of {number}</h4>
      <p className="admin-transfer-state">
        <span className="admin-badge">{transfer.stateLabel}</span> · open <TransferAge days={transfer.businessDaysOpen} overdue={transfer.overdue} />
      </p>
      <dl className="admin-details">
        {details
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
      </dl>
      {error && (
        <div className="admin-problem" role="alert">
          {error}
        </div>
      )}
      {steps.length === 0 && <p className="admin-hint">{orderMessages.transferWaiting(transfer.state)}</p>}
      {(steps.includes('submit') || steps.includes('complete')) && (
        <div className="admin-action-row">
          {steps.includes('submit') && (
            <button
              type="button"
              className="button button-primary"
              disabled={isLoading}
              onClick={() => void run({ number, step: 'submit' }, orderMessages.portSubmitted(number))}
            >
              Submit to provider
            </button>
          )}
          {steps.includes('complete') && (
            <button
              type="button"
              className="button button-primary"
              disabled={isLoading}
              onClick={() => void run({ number, step: 'complete' }, orderMessages.portCompleted(number))}
            >
              Mark transferred
            </button>
          )}
        </div>
      )}
      {steps.includes('setDate') && (
        <form className="admin-action-row admin-transfer-form" onSubmit={submitDate} noValidate aria-label={`Set the transfer date of ${number}`}>
          <div className="admin-field">
            <label htmlFor={`${id}-date`}>Transfer date</label>
            <input id={`${id}-date`} type="date" min={today} required value={date} onChange={(event) => setDate(event.target.value)} disabled={isLoading} />
          </div>
          <button type="submit" className="button button-secondary" disabled={isLoading}>
            Set date
          </button>
        </form>
      )}
      {steps.includes('reject') && (
        <form className="admin-transfer-form" onSubmit={submitReject} noValidate aria-label={`Reject the transfer of ${number}`}>
          <div className="admin-field">
            <label htmlFor={`${id}-reason`}>Reason for rejecting</label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              required
              maxLength={MAX_REASON}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              disabled={isLoading}
              aria-describedby={`${id}-reason-hint`}
            />
            <p className="admin-hint" id={`${id}-reason-hint`}>
              The buyer reads this in their e-mail and on their order page: say what to correct.
            </p>
          </div>
          <button type="submit" className="button button-secondary admin-danger" disabled={isLoading}>
            Reject
          </button>
        </form>
      )}
    </article>
  );
}
