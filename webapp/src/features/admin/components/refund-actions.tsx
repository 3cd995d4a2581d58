import { useId, useState, type FormEvent } from 'react';
import { serverErrorMessage } from '../../../lib/api-error';
import { formatPence } from '../../../lib/format-money';
import { orderMessages } from '../messages';
import type { CancelAction, CancelRequest, OrderHistory, OrderRef, RefundAction, RefundRequest } from '../order-types';
import { useCancelSubscriptionMutation, useProposeCancellationMutation, useProposeRefundMutation, useRefundOrderMutation } from '../orders-api';
import type { ShowFlash } from '../use-flash';
import { CallsOutActions } from './calls-out-actions';
import { ConfirmDialog } from './confirm-dialog';

/** Longest reason the server takes. */
const MAX_REASON = 500;

interface ActionProps {
  order: OrderRef;
  orderNumber: string;
  /** After an action: the page shows the fresh history the server answered. */
  onChanged: () => void;
  flash: ShowFlash;
}

/** A whole number of 1 or more, else null (the server checks what is left of the line). */
function quantityFrom(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const quantity = Number(text);
  return quantity >= 1 ? quantity : null;
}

/**
 * A paid hardware order's refund: some desk phones (a return: a line and a quantity) or the
 * whole order, with a reason the buyer's e-mail quotes. Admins refund (after a confirmation);
 * support staff propose a refund for an admin to carry out. The server prices it and refuses
 * what is not left to refund, with its message.
 */
function RefundActions({ order, orderNumber, refund, onChanged, flash }: ActionProps & { refund: RefundAction }) {
  const id = useId();
  const [refundOrder, refunding] = useRefundOrderMutation();
  const [propose, proposing] = useProposeRefundMutation();
  const busy = refunding.isLoading || proposing.isLoading;
  const lines = refund.lines.filter((line) => line.quantityLeft > 0);
  const [whole, setWhole] = useState(lines.length === 0);
  const [chosen, setChosen] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ request: RefundRequest; what: string } | null>(null);
  const line = lines.find((candidate) => candidate.productId === chosen) ?? lines[0];

  const send = async (request: RefundRequest) => {
    setError(null);
    try {
      if (refund.perform) {
        const fresh = await refundOrder({ ...order, refund: request }).unwrap();
        const given = refund.left - (fresh.actions.refund?.left ?? 0);
        flash('success', orderMessages.refunded(formatPence(given)));
      } else {
        await propose({ ...order, refund: request }).unwrap();
        flash('success', orderMessages.refundProposed);
      }
      setReason('');
      onChanged();
    } catch (failure) {
      setError(serverErrorMessage(failure, orderMessages.actionFailed));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why) {
      setError(orderMessages.refundReasonMissing);
      return;
    }
    let request: RefundRequest;
    let what: string;
    if (whole || !line) {
      request = { reason: why };
      what = `the whole order (${formatPence(refund.left)}, delivery included)`;
    } else {
      const wanted = quantityFrom(quantity);
      if (wanted === null) {
        setError(orderMessages.refundQuantityInvalid);
        return;
      }
      request = { lines: [{ productId: line.productId, quantity: wanted }], reason: why };
      what = `${wanted} x ${line.name}`;
    }
    if (refund.perform) {
      setConfirming({ request, what });
    } else {
      void send(request);
    }
  };

  return (
    <form className="admin-action" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Refund</h3>
      <p className="admin-hint">
        {formatPence(refund.left)} of what the buyer paid is left to refund.{' '}
        {refund.perform
          ? 'Stripe gives the money back to the buyer’s card and the buyer is e-mailed.'
          : 'Support staff propose a refund: an admin carries it out.'}
      </p>
      {error && (
        <div className="admin-problem" role="alert">
          {error}
        </div>
      )}
      <fieldset className="admin-field" disabled={busy}>
        <legend>What to refund</legend>
        {lines.length > 0 && (
          <label>
            <input type="radio" name={`${id}-what`} checked={!whole} onChange={() => setWhole(false)} /> Some desk phones (a return)
          </label>
        )}
        <label>
          <input type="radio" name={`${id}-what`} checked={whole || !line} onChange={() => setWhole(true)} /> The whole order, delivery included (
          {formatPence(refund.left)})
        </label>
      </fieldset>
      {!whole && line && (
        <div className="admin-action-row">
          <div className="admin-field">
            <label htmlFor={`${id}-line`}>Desk phone</label>
            <select id={`${id}-line`} value={line.productId} onChange={(event) => setChosen(event.target.value)} disabled={busy}>
              {lines.map((candidate) => (
                <option key={candidate.productId} value={candidate.productId}>
                  {candidate.name} ({candidate.quantityLeft} of {candidate.quantity} left to refund, {formatPence(candidate.unitPrice)} each before VAT)
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-quantity`}>Quantity to refund</label>
            <input
              id={`${id}-quantity`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
              disabled={busy}
            />
          </div>
        </div>
      )}
      <div className="admin-field">
        <label htmlFor={`${id}-reason`}>Reason (the buyer’s e-mail quotes it)</label>
        <textarea id={`${id}-reason`} rows={2} maxLength={MAX_REASON} value={reason} onChange={(event) => setReason(event.target.value)} disabled={busy} />
      </div>
      <div className="admin-form-actions">
        <button type="submit" className={`button ${refund.perform ? 'button-secondary admin-danger' : 'button-secondary'}`} disabled={busy}>
          {refund.perform ? (refunding.isLoading ? 'Refunding...' : 'Refund') : proposing.isLoading ? 'Proposing...' : 'Propose refund'}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Refund this order?"
          message={orderMessages.confirmRefund(confirming.what, orderNumber)}
          confirmLabel="Refund now"
          onConfirm={() => {
            const { request } = confirming;
            setConfirming(null);
            void send(request);
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
    </form>
  );
}

/**
 * A service order's subscription: cancelled now or from the end of the period paid for, with a
 * reason the buyer's e-mail quotes. Admins cancel (after a confirmation); support staff propose
 * a cancellation for an admin to carry out.
 */
function CancelActions({ order, orderNumber, cancel, onChanged, flash }: ActionProps & { cancel: CancelAction }) {
  const id = useId();
  const [cancelSubscription, cancelling] = useCancelSubscriptionMutation();
  const [propose, proposing] = useProposeCancellationMutation();
  const busy = cancelling.isLoading || proposing.isLoading;
  const [when, setWhen] = useState<CancelRequest['when']>(cancel.atPeriodEndAlready ? 'now' : 'periodEnd');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CancelRequest | null>(null);

  const send = async (request: CancelRequest) => {
    setError(null);
    try {
      if (cancel.perform) {
        await cancelSubscription({ ...order, cancel: request }).unwrap();
        flash('success', orderMessages.subscriptionCancelled(request.when === 'periodEnd'));
      } else {
        await propose({ ...order, cancel: request }).unwrap();
        flash('success', orderMessages.cancellationProposed);
      }
      setReason('');
      onChanged();
    } catch (failure) {
      setError(serverErrorMessage(failure, orderMessages.actionFailed));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why) {
      setError(orderMessages.cancellationReasonMissing);
      return;
    }
    const request = { when, reason: why };
    if (cancel.perform) setConfirming(request);
    else void send(request);
  };

  return (
    <form className="admin-action" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Subscription</h3>
      <p className="admin-hint">
        {cancel.atPeriodEndAlready
          ? 'Cancelled from the end of the period paid for: it can still be ended now.'
          : cancel.perform
            ? 'Stripe stops charging the subscription and the buyer is e-mailed.'
            : 'Support staff propose a cancellation: an admin carries it out.'}
      </p>
      {error && (
        <div className="admin-problem" role="alert">
          {error}
        </div>
      )}
      <fieldset className="admin-field" disabled={busy}>
        <legend>When it ends</legend>
        {!cancel.atPeriodEndAlready && (
          <label>
            <input type="radio" name={`${id}-when`} checked={when === 'periodEnd'} onChange={() => setWhen('periodEnd')} /> At the end of the period
            paid for
          </label>
        )}
        <label>
          <input type="radio" name={`${id}-when`} checked={when === 'now'} onChange={() => setWhen('now')} /> Now
        </label>
      </fieldset>
      <div className="admin-field">
        <label htmlFor={`${id}-reason`}>Reason (the buyer’s e-mail quotes it)</label>
        <textarea id={`${id}-reason`} rows={2} maxLength={MAX_REASON} value={reason} onChange={(event) => setReason(event.target.value)} disabled={busy} />
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="button button-secondary admin-danger" disabled={busy}>
          {cancel.perform ? (cancelling.isLoading ? 'Cancelling...' : 'Cancel subscription') : proposing.isLoading ? 'Proposing...' : 'Propose cancellation'}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Cancel this subscription?"
          message={orderMessages.confirmCancellation(confirming.when === 'periodEnd', orderNumber)}
          confirmLabel="Cancel subscription"
          onConfirm={() => {
            const request = confirming;
            setConfirming(null);
            void send(request);
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
    </form>
  );
}

/** The refund, cancellation and calls-out blocks the order's `actions` allow. */
export function MoneyActions({ history, onChanged, flash }: { history: OrderHistory; onChanged: () => void; flash: ShowFlash }) {
  const order = { kind: history.kind, id: history.id };
  const { refund, cancelSubscription, callsOut } = history.actions;
  return (
    <>
      {refund && <RefundActions order={order} orderNumber={history.orderNumber} refund={refund} onChanged={onChanged} flash={flash} />}
      {cancelSubscription && (
        <CancelActions order={order} orderNumber={history.orderNumber} cancel={cancelSubscription} onChanged={onChanged} flash={flash} />
      )}
      {callsOut && <CallsOutActions order={order} callsOut={callsOut} onChanged={onChanged} flash={flash} />}
    </>
  );
}
