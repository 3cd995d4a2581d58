import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { errorCode, errorStatus, serverErrorMessage } from '../../../lib/api-error';
import { UsageChart } from '../components/fraud-charts';
import { LoadProblem } from '../components/load-problem';
import { RequireStaff } from '../components/require-staff';
import { useGetFraudAccountQuery, useSetDailyCapMutation } from '../fraud-api';
import { formatRate, formatTenths, poundsToPence, tenthsAsPounds } from '../fraud-format';
import type { FraudAccount, FraudAccountRef } from '../fraud-types';
import { fraudMessages } from '../messages';
import { FRAUD_PATH, orderPath } from '../paths';
import { isOrderKind, ORDER_KIND_LABELS } from '../order-types';
import type { StaffSession } from '../types';
import { formatUkTime } from '../uk-time';
import { useFlash } from '../use-flash';
import { FRAUD_REFRESH_MS } from './fraud-page';
import '../admin.css';

const TARIFF_LABELS: Record<string, string> = {
  credit: 'Pay As You Go credit (the daily cap applies)',
  minutes: 'Included minutes',
  trial: 'Free trial minutes',
};

function Figures({ data }: { data: FraudAccount }) {
  const account = data.account;
  const rows: [string, string][] = [
    ['Calls out in the last hour', String(account.callsLastHour)],
    ['Calls in progress', String(account.callsInProgress)],
    ['Calls out today', String(account.callsToday)],
    ['Spend today', formatTenths(account.spendTodayTenths)],
    ['Daily cap', `${formatTenths(account.capTenths)} (${account.capSetByStaff ? 'set by staff' : 'default'})`],
    ['Of cap used today', `${account.capUsedPercent}%`],
    ['Refused today', String(account.refusedToday)],
    ['Pays for calls with', data.tariff ? (TARIFF_LABELS[data.tariff] ?? data.tariff) : 'Not set up for calls out'],
  ];
  return (
    <dl className="admin-details" aria-label="Today’s figures">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <dt>Calls out</dt>
      <dd>{account.suspended ? <span className="fraud-suspended">Suspended: {account.suspended}</span> : 'Allowed'}</dd>
    </dl>
  );
}

function CallsInProgress({ data }: { data: FraudAccount }) {
  if (data.callsInProgress.length === 0) return <p className="admin-hint">{fraudMessages.noCallsInProgress}</p>;
  return (
    <div className="admin-table-scroll">
      <table className="admin-calls">
        <caption className="visually-hidden">Calls out in progress, the oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Started (UK time)</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Kind of number</th>
            <th scope="col">Rate</th>
            <th scope="col">Answered</th>
            <th scope="col">Longest</th>
          </tr>
        </thead>
        <tbody>
          {data.callsInProgress.map((call) => (
            <tr key={call.call}>
              <td>{formatUkTime(call.startedAt)}</td>
              <td>{call.username}</td>
              <td>{call.callee}</td>
              <td>{call.class}</td>
              <td>{formatRate(call.rateTenths)}</td>
              <td>{call.answeredAt ? formatUkTime(call.answeredAt) : 'Ringing'}</td>
              <td>{Math.round(call.maxSeconds / 60)} min</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Refusals({ data }: { data: FraudAccount }) {
  if (data.refusals.length === 0) return <p className="admin-hint">{fraudMessages.noRefusals}</p>;
  return (
    <div className="admin-table-scroll">
      <table className="admin-calls">
        <caption className="visually-hidden">Calls out refused, by reason</caption>
        <thead>
          <tr>
            <th scope="col">Reason the registrar gave</th>
            <th scope="col">Today</th>
            <th scope="col">Last 7 days</th>
          </tr>
        </thead>
        <tbody>
          {data.refusals.map((r) => (
            <tr key={r.reason}>
              <td>{r.reason}</td>
              <td>{r.today}</td>
              <td>{r.week}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The daily cap, which admins change on a service order (a trial has none to change). */
function CapForm({ data, reference, session, onDone }: { data: FraudAccount; reference: FraudAccountRef; session: StaffSession; onDone: (text: string) => void }) {
  const [value, setValue] = useState(() => tenthsAsPounds(data.account.capTenths));
  const [error, setError] = useState<string | null>(null);
  const [setDailyCap, { isLoading }] = useSetDailyCapMutation();
  if (!data.capChangeable) return <p className="admin-note">{fraudMessages.capNotOnTrials}</p>;
  if (session.role !== 'admin') return <p className="admin-note">{fraudMessages.capAdminsOnly}</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const pence = poundsToPence(value);
    if (pence === null) {
      setError(fraudMessages.capInvalid);
      return;
    }
    try {
      const fresh = await setDailyCap({ ...reference, pence }).unwrap();
      onDone(fraudMessages.capSet(formatTenths(fresh.account.capTenths)));
    } catch (failure) {
      setError(errorCode(failure) === 'spend_cap_out_of_range' ? fraudMessages.capOutOfRange : serverErrorMessage(failure, fraudMessages.capFailed));
    }
  };

  return (
    <form className="fraud-cap-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="admin-field">
        <label htmlFor="fraud-daily-cap">Daily cap (£)</label>
        <input
          id="fraud-daily-cap"
          inputMode="decimal"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fraud-daily-cap-error' : 'fraud-daily-cap-hint'}
        />
        <span id="fraud-daily-cap-hint" className="admin-hint">
          £0 to £1,000 a UK day; £20 unless staff change it. 0 stops every call out that costs money.
        </span>
      </div>
      <button type="submit" className="button" disabled={isLoading}>
        {isLoading ? 'Saving...' : 'Set daily cap'}
      </button>
      {error && (
        <p id="fraud-daily-cap-error" className="form-error" role="alert">
          {error}
        </p>
      )}
      {data.tariff === 'minutes' && <p className="admin-hint">{fraudMessages.capNotApplied}</p>}
    </form>
  );
}

function AccountDetails({ session }: { session: StaffSession }) {
  const params = useParams();
  const { flash, show } = useFlash();
  const kind = isOrderKind(params.kind) ? params.kind : null;
  const id = params.id ?? '';
  const reference = kind && id ? { kind, id } : null;
  const query = useGetFraudAccountQuery(reference ?? skipToken, { pollingInterval: FRAUD_REFRESH_MS, refetchOnMountOrArgChange: true });
  const data = query.data;
  const status = errorStatus(query.error);

  if (!reference || status === 404) {
    return (
      <div className="admin-problem" role="alert">
        <p>{fraudMessages.accountNotFound}</p>
        <Link to={FRAUD_PATH}>Back to the fraud panel</Link>
      </div>
    );
  }
  if (query.isError && !data) return <LoadProblem message={fraudMessages.accountFailed} onRetry={() => void query.refetch()} />;
  if (!data) {
    return (
      <p className="loading" role="status">
        {fraudMessages.accountLoading}
      </p>
    );
  }
  const name = data.account.orderNumber || data.account.owner;
  return (
    <>
      {flash && (
        <div className={`admin-flash is-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
          {flash.text}
        </div>
      )}
      <h2>
        {name} <span className="admin-item-desc">{ORDER_KIND_LABELS[data.account.kind]}</span>
      </h2>
      <p>
        <Link to={orderPath(data.account.kind, data.account.id)}>Open the order</Link> for its history, its calls and the staff actions.
      </p>
      <Figures data={data} />
      {data.account.suspended && <p className="admin-note">{fraudMessages.suspendedNext}</p>}
      <section className="fraud-section" aria-labelledby="fraud-cap-heading">
        <h2 id="fraud-cap-heading">Daily spend cap</h2>
        <CapForm key={data.account.capTenths} data={data} reference={reference} session={session} onDone={(text) => show('success', text)} />
      </section>
      <section className="fraud-section" aria-labelledby="fraud-week-heading">
        <h2 id="fraud-week-heading">The last 7 days</h2>
        <UsageChart days={data.usage} />
      </section>
      <section className="fraud-section" aria-labelledby="fraud-live-heading">
        <h2 id="fraud-live-heading">Calls in progress</h2>
        <CallsInProgress data={data} />
      </section>
      <section className="fraud-section" aria-labelledby="fraud-refusals-heading">
        <h2 id="fraud-refusals-heading">Refused calls out by reason</h2>
        <Refusals data={data} />
      </section>
    </>
  );
}

/** /admin/fraud/{kind}/{id}: one account's calls out, its week and refusals, and its daily cap (admins change it). */
export function FraudAccountPage() {
  return (
    <div className="container page-body admin-page">
      <PageMeta title="Fraud: account" description="One account’s calls out." path={FRAUD_PATH} noIndex />
      <p className="admin-back">
        <Link to={FRAUD_PATH}>All accounts</Link>
      </p>
      <h1>Calls out of one account</h1>
      <RequireStaff>{(session) => <AccountDetails session={session} />}</RequireStaff>
    </div>
  );
}
