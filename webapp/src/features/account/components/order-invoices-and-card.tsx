import { useState, type FormEvent } from 'react';
import { CardField } from '../../../components/card-field';
import { formatPence } from '../../../lib/format-money';
import { useGetCheckoutConfigQuery } from '../../../lib/stripe/config-api';
import { useStripeClient } from '../../../lib/stripe/use-stripe-client';
import { paymentMethodId, type StripeCardElement } from '../../../lib/stripe/stripe-js';
import {
  useFinishCardChangeMutation,
  useGetCancellationQuery,
  useGetCardQuery,
  useGetInvoicesQuery,
  useSetCancellationMutation,
  useStartCardChangeMutation,
} from '../api';
import { formatDay } from '../format';
import { moneyMessage } from '../refusals';
import './account-money.css';

const STATUS_LABELS: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Not collected',
};

/**
 * The Invoices and card section of a service order's page: the subscription's invoices, the card on file
 * (changed through a new card setup), and cancellation with the notice the terms state, which
 * "Keep my service" undoes until it takes effect.
 */
export function OrderInvoicesAndCard({ orderId }: { orderId: string }) {
  const invoices = useGetInvoicesQuery(orderId);
  const card = useGetCardQuery(orderId);

  return (
    <section className="account-section order-invoices-and-card" aria-labelledby={`invoices-and-card-${orderId}`}>
      <h2 id={`invoices-and-card-${orderId}`}>Invoices and card</h2>
      <Invoices orderId={orderId} />
      <CardOnFile orderId={orderId} />
      <CancellationPart orderId={orderId} />
      {invoices.isLoading && card.isLoading && (
        <p className="muted" role="status">
          Loading your invoices and card...
        </p>
      )}
    </section>
  );
}

function Invoices({ orderId }: { orderId: string }) {
  const invoices = useGetInvoicesQuery(orderId);
  return (
    <div className="money-part">
      <h3>Invoices</h3>
      {invoices.isError && (
        <p className="form-error" role="alert">
          {moneyMessage(invoices.error)}
        </p>
      )}
      {invoices.data && invoices.data.length === 0 && (
        <p className="muted">No invoices yet: a plan paid by the month or year lists each invoice here.</p>
      )}
      {invoices.data && invoices.data.length > 0 && (
        <div className="money-table-wrap">
          <table className="money-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Invoice</th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.map((invoice) => (
                <tr key={invoice.id} data-testid="invoice-row">
                  <td>{formatDay(invoice.date)}</td>
                  <td>{formatPence(invoice.amountPence)}</td>
                  <td>{STATUS_LABELS[invoice.status] ?? invoice.status}</td>
                  <td>
                    {invoice.url ? (
                      <a href={invoice.url} target="_blank" rel="noreferrer">
                        View {invoice.number ?? 'invoice'}
                        <span className="visually-hidden"> (opens Stripe's page)</span>
                      </a>
                    ) : (
                      <span className="muted">{invoice.number ?? invoice.id}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function CardOnFile({ orderId }: { orderId: string }) {
  const card = useGetCardQuery(orderId);
  const [changing, setChanging] = useState(false);
  const [done, setDone] = useState(false);
  const current = card.data;
  return (
    <div className="money-part">
      <h3>Card on file</h3>
      {card.isError && (
        <p className="form-error" role="alert">
          {moneyMessage(card.error)}
        </p>
      )}
      {card.isSuccess && (
        <p data-testid="card-on-file">
          {current ? (
            <>
              <span className="card-brand">{current.brand.toUpperCase()}</span> ending {current.last4}, expires{' '}
              {String(current.expMonth).padStart(2, '0')}/{current.expYear}
            </>
          ) : (
            'No card is saved for this order.'
          )}
        </p>
      )}
      {done && !changing && (
        <p className="form-success" role="status">
          Your new card is saved: it pays your next invoices and top-ups.
        </p>
      )}
      {changing ? (
        <ChangeCardForm
          orderId={orderId}
          onCancel={() => setChanging(false)}
          onChanged={() => {
            setChanging(false);
            setDone(true);
          }}
        />
      ) : (
        card.isSuccess && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setDone(false);
              setChanging(true);
            }}
          >
            Change card
          </button>
        )
      )}
    </div>
  );
}

function ChangeCardForm({
  orderId,
  onCancel,
  onChanged,
}: {
  orderId: string;
  onCancel: () => void;
  /** The new card is saved (and in getCard's cache). */
  onChanged: () => void;
}) {
  const config = useGetCheckoutConfigQuery();
  const stripe = useStripeClient(config.data);
  const [element, setElement] = useState<StripeCardElement | null>(null);
  const [complete, setComplete] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [startCardChange] = useStartCardChangeMutation();
  const [finishCardChange] = useFinishCardChangeMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !stripe.client || !element) return;
    if (!complete) {
      setError('Enter the whole card number, its expiry date and security code.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const setup = await startCardChange(orderId).unwrap();
      const confirmed = await stripe.client.confirmCardSetup(setup.clientSecret, { payment_method: { card: element } });
      if (confirmed.error || !confirmed.setupIntent || !paymentMethodId(confirmed.setupIntent)) {
        setError(
          `${confirmed.error?.message ?? 'The card could not be saved.'} Check the card details, or try another card.`,
        );
        return;
      }
      await finishCardChange({ orderId, setupIntentId: setup.setupIntentId }).unwrap();
      onChanged();
    } catch (failure) {
      setError(moneyMessage(failure, 'The card could not be saved just now. Please try again in a minute.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="change-card" onSubmit={submit} noValidate>
      <CardField
        stripe={stripe.client}
        onElement={setElement}
        onCompleteChange={setComplete}
        error={error ?? (stripe.failed ? 'The secure card form did not load. Please reload the page.' : null)}
        label="New card"
      />
      {!stripe.client && !stripe.failed && <p className="muted">Loading the secure card form...</p>}
      <div className="money-actions">
        <button type="submit" className="button button-primary" disabled={saving || !stripe.client}>
          {saving ? 'Saving your card...' : 'Save new card'}
        </button>
        <button type="button" className="button-text" onClick={onCancel} disabled={saving}>
          Keep the current card
        </button>
      </div>
      <p className="muted small">Card details go straight to our payment provider, Stripe; we never see or store them.</p>
    </form>
  );
}

function CancellationPart({ orderId }: { orderId: string }) {
  const cancellation = useGetCancellationQuery(orderId);
  const [setCancellation] = useSetCancellationMutation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = cancellation.data;

  const change = async (action: 'give' | 'keep') => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await setCancellation({ orderId, cancel: action === 'give' }).unwrap();
      setConfirming(false);
    } catch (failure) {
      setError(moneyMessage(failure, 'That did not go through just now. Please try again in a minute.'));
    } finally {
      setBusy(false);
    }
  };

  if (cancellation.isError) {
    return (
      <div className="money-part">
        <h3>Cancellation</h3>
        <p className="form-error" role="alert">
          {moneyMessage(cancellation.error)}
        </p>
      </div>
    );
  }
  if (!data || !data.cancellable) return null;
  return (
    <div className="money-part" data-testid="cancellation">
      <h3>Cancellation</h3>
      {data.effectiveOn ? (
        <>
          <p role="status">
            Your service is cancelled: it ends on <strong>{formatDay(data.effectiveOn)}</strong>. It keeps working, and is
            charged, until then.
          </p>
          {data.canUndo && (
            <button type="button" className="button button-primary" onClick={() => change('keep')} disabled={busy}>
              {busy ? 'Keeping your service...' : 'Keep my service'}
            </button>
          )}
        </>
      ) : confirming ? (
        <>
          <p>
            Cancelling needs {data.noticeDays} days&rsquo; notice, as our terms say: your service ends at the end of the billing
            period in which the notice runs out, and is charged until then. You can keep it up to that day.
          </p>
          <div className="money-actions">
            <button type="button" className="button button-danger" onClick={() => change('give')} disabled={busy}>
              {busy ? 'Cancelling...' : 'Confirm cancellation'}
            </button>
            <button type="button" className="button-text" onClick={() => setConfirming(false)} disabled={busy}>
              Go back
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">There is no minimum term: cancel any time with {data.noticeDays} days&rsquo; notice.</p>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
            Cancel service
          </button>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
