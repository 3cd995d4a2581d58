import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatPence } from '../../../lib/format-money';
import { useGetCheckoutConfigQuery } from '../../../lib/stripe/config-api';
import { useStripeClient } from '../../../lib/stripe/use-stripe-client';
import { billingApi, formatDay, formatTenths, newRequestId, type CreditEntry } from '../billing/billing-api';
import { loadCredit, messageOf, partChanged, selectOrderBilling } from '../billing/billing-slice';
import './order-billing.css';

/** What moved the credit, in words. */
function entryLabel(entry: CreditEntry): string {
  if (entry.kind === 'checkout') return 'bought with your order';
  if (entry.kind === 'topUp') return 'top-up';
  const seconds = entry.seconds ?? 0;
  return `call to ${entry.reference} (${Math.floor(seconds / 60)} min ${seconds % 60} s)`;
}

/** What the card pays for `pence` of credit: VAT added, rounded half up to the penny (as the server prices it). */
function withVat(pence: number, vatPercent: number): number {
  return pence + Math.floor((pence * vatPercent * 2 + 100) / 200);
}

/**
 * The Pay As You Go credit section of a service order's page: the balance (from the credit's
 * events), what bought it, and a top-up of one of the price list's amounts paid by the card on
 * file. Hidden for plans that include their calls.
 */
export function OrderCredit({ orderId }: { orderId: string }) {
  const dispatch = useAppDispatch();
  const { credit } = useAppSelector((state) => selectOrderBilling(state, orderId));

  useEffect(() => {
    void dispatch(loadCredit(orderId));
  }, [dispatch, orderId]);

  if (credit.error) {
    return (
      <section className="account-section order-credit" aria-labelledby={`credit-${orderId}`}>
        <h2 id={`credit-${orderId}`}>Pay As You Go credit</h2>
        <p className="form-error" role="alert">
          {credit.error}
        </p>
      </section>
    );
  }
  const data = credit.data;
  if (!data || !data.available) return null;
  return (
    <section className="account-section order-credit" aria-labelledby={`credit-${orderId}`}>
      <h2 id={`credit-${orderId}`}>Pay As You Go credit</h2>
      <p className="muted">Credit left for calls</p>
      <p className="credit-balance" data-testid="credit-balance">
        {formatTenths(data.balanceTenths)}
      </p>
      <TopUpForm orderId={orderId} />
      {data.entries.length > 0 && (
        <div className="billing-part">
          <h3>Credit history</h3>
          <ul className="credit-entries">
            {data.entries.map((entry, index) => (
              <li key={`${entry.kind}-${entry.reference}-${entry.at}-${index}`}>
                {formatDay(entry.at)}: {entry.tenths >= 0 ? '+' : ''}
                {formatTenths(entry.tenths)} {entryLabel(entry)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function TopUpForm({ orderId }: { orderId: string }) {
  const dispatch = useAppDispatch();
  const { credit } = useAppSelector((state) => selectOrderBilling(state, orderId));
  const rules = credit.data?.topUp;
  const [amount, setAmount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const config = useGetCheckoutConfigQuery();
  const stripe = useStripeClient(config.data);
  if (!rules) return null;
  const chosen = amount ?? rules.defaultPence;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setPaid(null);
    const requestId = newRequestId();
    try {
      let answer = await billingApi.topUp(orderId, chosen, requestId);
      if (answer.status === 'needsAction' && answer.clientSecret) {
        if (!stripe.client) throw new Error('Your bank asks you to confirm this payment: reload the page and try again.');
        const confirmed = await stripe.client.confirmCardPayment(answer.clientSecret);
        if (confirmed.error) throw new Error(`${confirmed.error.message ?? 'Your bank did not confirm the payment.'} No credit was bought.`);
        answer = await billingApi.topUp(orderId, chosen, requestId);
      }
      dispatch(partChanged({ orderId, part: 'credit', data: answer.credit }));
      setPaid(`Paid ${formatPence(answer.chargedPence)}: ${formatPence(chosen)} of credit is added.`);
    } catch (failure) {
      setError(
        messageOf(failure, 'The top-up did not go through just now. Please try again in a minute.') +
          (failure instanceof Error && /declin/i.test(failure.message) ? ' Change the card on file, then try again.' : ''),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="top-up-form" noValidate>
      <fieldset className="top-up-choices">
        <legend>Top up</legend>
        {rules.choicesPence.map((pence) => (
          <label key={pence} className="top-up-choice">
            <input
              type="radio"
              name={`top-up-${orderId}`}
              value={pence}
              checked={chosen === pence}
              onChange={() => setAmount(pence)}
            />
            {formatPence(pence)}
          </label>
        ))}
      </fieldset>
      <p className="muted small">
        {formatPence(chosen)} of credit costs {formatPence(withVat(chosen, rules.vatPercent))} with VAT, paid by your card on
        file.
      </p>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Paying...' : `Top up ${formatPence(chosen)}`}
      </button>
      {paid && (
        <p className="form-success" role="status">
          {paid}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
