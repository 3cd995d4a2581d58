import { Link } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { CapChart } from '../components/fraud-charts';
import { LoadProblem } from '../components/load-problem';
import { RequireStaff } from '../components/require-staff';
import { useGetFraudOverviewQuery } from '../fraud-api';
import { formatTenths } from '../fraud-format';
import type { FraudOverview, FraudTotals } from '../fraud-types';
import { fraudMessages } from '../messages';
import { FRAUD_PATH, fraudAccountPath } from '../paths';
import { ORDER_KIND_LABELS } from '../order-types';
import { formatDay } from '../uk-time';
import '../admin.css';

/** How often the panel reads the counters again. */
export const FRAUD_REFRESH_MS = 30_000;

function Totals({ totals }: { totals: FraudTotals }) {
  const figures: [string, string][] = [
    ['Accounts calling out', String(totals.accounts)],
    ['Calls out in the last hour', String(totals.callsLastHour)],
    ['Calls in progress', String(totals.callsInProgress)],
    ['Spend today', formatTenths(totals.spendTodayTenths)],
    ['Refused today', String(totals.refusedToday)],
    ['At 80% of their cap or more', String(totals.nearCap)],
    ['Suspended', String(totals.suspended)],
  ];
  return (
    <dl className="fraud-totals" aria-label="Totals across accounts">
      {figures.map(([label, value]) => (
        <div key={label} className="fraud-total">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AccountsTable({ data, busy }: { data: FraudOverview; busy: boolean }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-busy={busy}>
        <caption className="visually-hidden">Accounts calling out, nearest their daily cap first</caption>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Calls out, last hour</th>
            <th scope="col">In progress</th>
            <th scope="col">Spend today</th>
            <th scope="col">Daily cap</th>
            <th scope="col">Of cap</th>
            <th scope="col">Refused today</th>
            <th scope="col">Calls out</th>
          </tr>
        </thead>
        <tbody>
          {data.accounts.map((account) => (
            <tr key={account.owner}>
              <th scope="row">
                <Link to={fraudAccountPath(account.kind, account.id)}>{account.orderNumber || account.owner}</Link>
                <span className="admin-item-desc">{ORDER_KIND_LABELS[account.kind]}</span>
              </th>
              <td>{account.callsLastHour}</td>
              <td>{account.callsInProgress}</td>
              <td className="admin-price">{formatTenths(account.spendTodayTenths)}</td>
              <td className="admin-price">
                {formatTenths(account.capTenths)}
                <span className="admin-item-desc">{account.capSetByStaff ? 'set by staff' : 'default'}</span>
              </td>
              <td>{account.capUsedPercent}%</td>
              <td>
                {account.refusedToday}
                {account.refusalsToday.length > 0 && (
                  <ul className="fraud-reasons">
                    {account.refusalsToday.map((r) => (
                      <li key={r.reason}>
                        {r.reason}: {r.count}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>{account.suspended ? <span className="fraud-suspended">Suspended: {account.suspended}</span> : 'Allowed'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Overview() {
  const query = useGetFraudOverviewQuery(undefined, { pollingInterval: FRAUD_REFRESH_MS, refetchOnMountOrArgChange: true });
  const data = query.data;
  if (query.isError && !data) return <LoadProblem message={fraudMessages.failed} onRetry={() => void query.refetch()} />;
  if (!data) {
    return (
      <p className="loading" role="status">
        {fraudMessages.loading}
      </p>
    );
  }
  return (
    <>
      <p className="admin-results-count">Today is {formatDay(data.day)} (UK).</p>
      <Totals totals={data.totals} />
      {data.accounts.length === 0 ? (
        <div className="admin-empty">
          <p>{fraudMessages.noAccounts}</p>
        </div>
      ) : (
        <>
          <CapChart accounts={data.accounts} />
          {data.totals.accounts > data.accounts.length && (
            <p className="admin-results-count">{fraudMessages.capped(data.accounts.length, data.totals.accounts)}</p>
          )}
          <AccountsTable data={data} busy={query.isFetching} />
        </>
      )}
    </>
  );
}

/** /admin/fraud: calls out across accounts, the nearest their daily spend cap first (support and admins). */
export function FraudPage() {
  return (
    <div className="container page-body admin-page">
      <PageMeta title="Fraud" description="Calls out across accounts, nearest their daily cap first." path={FRAUD_PATH} noIndex />
      <h1>Fraud</h1>
      <p className="admin-hint">{fraudMessages.hint}</p>
      <RequireStaff>{() => <Overview />}</RequireStaff>
    </div>
  );
}
