import { useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { LoadProblem } from '../components/load-problem';
import { RequireStaff } from '../components/require-staff';
import { ANALYTICS_PATH } from '../paths';
import { useGetAnalyticsQuery } from './api';
import { DailyChart } from './daily-chart';
import { FunnelChart } from './funnel-chart';
import { describePeriod, periodFromSearch, periodSearch, presetPeriod, utcToday, type Period } from './period';
import { PeriodPicker } from './period-picker';
import type { AnalyticsReport } from './types';
import '../admin.css';
import './analytics.css';

const messages = {
  loading: 'Loading page views...',
  loadFailed: 'We could not load the page views. Please try again.',
  empty: 'No page views in this period yet.',
};

const numbers = new Intl.NumberFormat('en-GB');

/** /admin/analytics: the shop's own page views for a period, for support staff and admins. */
export function AnalyticsPage() {
  return (
    <div className="container page-body admin-page">
      <PageMeta title="Analytics" description="Page views, visitors, top pages and the order funnel of the shop." path={ANALYTICS_PATH} noIndex />
      <h1>Analytics</h1>
      <RequireStaff>{() => <Analytics />}</RequireStaff>
    </div>
  );
}

function Analytics() {
  const [search, setSearch] = useSearchParams();
  const today = utcToday();
  const period = periodFromSearch(search, today);
  const report = useGetAnalyticsQuery({ from: period.from, to: period.to });
  const choose = (next: Period) => setSearch(periodSearch(next));

  return (
    <>
      <p className="admin-hint">
        Counted by the shop itself, without cookies: no address or browser is kept, and a visitor is one browser on one day. Days are UTC days.
        Staff pages are not counted, nor browsers that ask not to be tracked.
      </p>
      <PeriodPicker key={`${period.from}/${period.to}`} period={period} today={today} choose={choose} choosePreset={(days) => choose(presetPeriod(days, today))} />
      <h2 className="analytics-period-title">{describePeriod(period)}</h2>
      {report.isLoading ? (
        <p className="loading" role="status">
          {messages.loading}
        </p>
      ) : report.isError || !report.data ? (
        <LoadProblem message={messages.loadFailed} onRetry={() => void report.refetch()} />
      ) : (
        <div aria-busy={report.isFetching}>
          <ReportBody data={report.data} />
        </div>
      )}
    </>
  );
}

function ReportBody({ data }: { data: AnalyticsReport }) {
  if (data.totals.views === 0) {
    return (
      <>
        <p className="admin-empty">{messages.empty}</p>
        <p className="analytics-orders">
          <strong>{numbers.format(data.orders)}</strong> {data.orders === 1 ? 'service order' : 'service orders'} completed in this period.
        </p>
      </>
    );
  }
  return (
    <>
      <dl className="analytics-totals">
        <div>
          <dt>Page views</dt>
          <dd>{numbers.format(data.totals.views)}</dd>
        </div>
        <div>
          <dt>Visitors</dt>
          <dd>{numbers.format(data.totals.visitors)}</dd>
        </div>
        <div>
          <dt>Orders completed</dt>
          <dd>{numbers.format(data.orders)}</dd>
        </div>
      </dl>

      <section aria-labelledby="analytics-daily">
        <h3 id="analytics-daily">Page views and visitors per day</h3>
        <DailyChart days={data.days} />
      </section>

      <div className="analytics-tables">
        <section aria-labelledby="analytics-pages">
          <h3 id="analytics-pages">Top pages</h3>
          <div className="admin-table-wrap">
            <table className="admin-table" aria-labelledby="analytics-pages">
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Views</th>
                  <th scope="col">Visitors</th>
                </tr>
              </thead>
              <tbody>
                {data.topPages.map((page) => (
                  <tr key={page.path}>
                    <th scope="row" className="analytics-path">
                      {page.path}
                    </th>
                    <td>{numbers.format(page.views)}</td>
                    <td>{numbers.format(page.visitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section aria-labelledby="analytics-referrers">
          <h3 id="analytics-referrers">Top referrers</h3>
          {data.topReferrers.length === 0 ? (
            <p className="admin-hint">No other site sent visitors in this period: they came straight to the shop.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table" aria-labelledby="analytics-referrers">
                <thead>
                  <tr>
                    <th scope="col">Site</th>
                    <th scope="col">Views</th>
                  </tr>
                </thead>
                <tbody>
                  {data.topReferrers.map((referrer) => (
                    <tr key={referrer.host}>
                      <th scope="row">{referrer.host}</th>
                      <td>{numbers.format(referrer.views)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>

      <section aria-labelledby="analytics-funnel">
        <h3 id="analytics-funnel">Order funnel</h3>
        <FunnelChart steps={data.funnel} orders={data.orders} />
      </section>
    </>
  );
}
