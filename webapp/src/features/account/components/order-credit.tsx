import { useState, type FormEvent } from 'react';
import { formatPence, formatTenths } from '../../../lib/format-money';
import { useGetCheckoutConfigQuery } from '../../../lib/stripe/config-api';
import { useStripeClient } from '../../../lib/stripe/use-stripe-client';
import { useGetCreditQuery, useSetInternationalCallsMutation, useTopUpMutation } from '../api';
import { formatDay, newRequestId } from '../format';
import { moneyMessage } from '../refusals';
import type { CreditEntry } from '../types';
import './account-money.css';

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
  const credit = useGetCreditQuery(orderId);

  if (credit.isError) {
    return (
      <section className="account-section order-credit" aria-labelledby={`credit-${orderId}`}>
        <h2 id={`credit-${orderId}`}>Pay As You Go credit</h2>
        <p className="form-error" role="alert">
          {moneyMessage(credit.error)}
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
      <InternationalCallsForm orderId={orderId} />
      {data.entries.length > 0 && (
        <div className="money-part">
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
  const credit = useGetCreditQuery(orderId);
  const [topUp] = useTopUpMutation();
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
      let answer = await topUp({ orderId, amountPence: chosen, requestId }).unwrap();
      if (answer.status === 'needsAction' && answer.clientSecret) {
        if (!stripe.client) throw new Error('Your bank asks you to confirm this payment: reload the page and try again.');
        const confirmed = await stripe.client.confirmCardPayment(answer.clientSecret);
        if (confirmed.error) throw new Error(`${confirmed.error.message ?? 'Your bank did not confirm the payment.'} No credit was bought.`);
        answer = await topUp({ orderId, amountPence: chosen, requestId }).unwrap();
      }
      setPaid(`Paid ${formatPence(answer.chargedPence)}: ${formatPence(chosen)} of credit is added.`);
    } catch (failure) {
      const message = moneyMessage(failure, 'The top-up did not go through just now. Please try again in a minute.');
      setError(message + (/declin/i.test(message) ? ' Change the card on file, then try again.' : ''));
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

/**
 * Calls abroad (Western Europe, from the credit): off until the owner turns them on with a
 * monthly cap in whole pounds; the phones are refused calls abroad while off and once the
 * month's calls abroad reach the cap.
 */
function InternationalCallsForm({ orderId }: { orderId: string }) {
  const credit = useGetCreditQuery(orderId);
  const [setInternationalCalls] = useSetInternationalCallsMutation();
  const international = credit.data?.international;
  const [pounds, setPounds] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  if (!international) return null;
  const on = international.monthlyCapPence !== null && international.monthlyCapPence !== undefined;
  const minimum = international.minimumCapPence / 100;
  const maximum = international.maximumCapPence / 100;

  const send = async (capPence: number | null) => {
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      await setInternationalCalls({ orderId, monthlyCapPence: capPence }).unwrap();
      setSaved(capPence === null ? 'Calls abroad are off.' : `Calls abroad are on, up to ${formatPence(capPence)} a month.`);
      setPounds('');
    } catch (failure) {
      setError(moneyMessage(failure, 'The change did not go through just now. Please try again in a minute.'));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = Number(pounds);
    if (!/^\d+$/.test(pounds.trim()) || value < minimum || value > maximum) {
      setSaved(null);
      setError(`Enter a monthly limit in whole pounds, from £${minimum} to £${maximum}.`);
      return;
    }
    await send(value * 100);
  };

  return (
    <div className="money-part">
      <h3>Calls abroad</h3>
      <p className="muted small" data-testid="international-status">
        {on
          ? `On: up to ${formatPence(international.monthlyCapPence ?? 0)} a month, ${formatTenths(international.spentThisMonthTenths)} spent this month.`
          : 'Off: your phones cannot call numbers abroad.'}{' '}
        Western Europe, {formatTenths(international.rateTenths)} a minute from your credit; the rest of the world, premium and
        satellite numbers are never available.
      </p>
      <form onSubmit={submit} className="international-form" noValidate>
        <label>
          {on ? 'New monthly limit (£)' : 'Monthly limit (£)'}
          <input
            type="text"
            inputMode="numeric"
            value={pounds}
            onChange={(event) => setPounds(event.target.value)}
            aria-describedby={`international-help-${orderId}`}
          />
        </label>
        <span id={`international-help-${orderId}`} className="muted small">
          £{minimum} to £{maximum}. Calls abroad stop for the month at this limit.
        </span>
        <button type="submit" className="button button-primary" disabled={busy}>
          {on ? 'Change the limit' : 'Turn calls abroad on'}
        </button>
        {on && (
          <button type="button" className="button" disabled={busy} onClick={() => void send(null)}>
            Turn calls abroad off
          </button>
        )}
      </form>
      {saved && (
        <p className="form-success" role="status">
          {saved}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
