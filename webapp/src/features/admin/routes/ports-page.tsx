import { Link } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { LoadProblem } from '../components/load-problem';
import { PortAge } from '../components/port-actions';
import { RequireStaff } from '../components/require-staff';
import { orderMessages } from '../messages';
import { orderPath, PORTS_PATH } from '../paths';
import type { OpenPorts } from '../order-types';
import { useGetOpenPortsQuery } from '../orders-api';
import { formatDay, formatUkTime } from '../uk-time';
import '../admin.css';

function PortsTable({ data, busy }: { data: OpenPorts; busy: boolean }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-busy={busy}>
        <caption className="visually-hidden">Open transfers, longest waiting first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Number</th>
            <th scope="col">State</th>
            <th scope="col">Requested (UK time)</th>
            <th scope="col">Open for</th>
          </tr>
        </thead>
        <tbody>
          {data.ports.map((port) => (
            <tr key={`${port.orderId}/${port.number}`}>
              <th scope="row">
                <Link to={orderPath('service', port.orderId)}>{port.orderNumber}</Link>
                <span className="admin-item-desc">{port.email}</span>
              </th>
              <td>{port.number}</td>
              <td>
                {port.stateLabel}
                {port.date && <span className="admin-item-desc">Moves {formatDay(port.date)}</span>}
              </td>
              <td>
                <time dateTime={port.requestedAt}>{formatUkTime(port.requestedAt)}</time>
              </td>
              <td>
                <PortAge days={port.businessDaysOpen} overdue={port.overdue} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OpenTransfers() {
  const query = useGetOpenPortsQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = query.data;
  if (query.isError) return <LoadProblem message={orderMessages.portsFailed} onRetry={() => void query.refetch()} />;
  if (!data) {
    return (
      <p className="loading" role="status">
        {orderMessages.portsLoading}
      </p>
    );
  }
  if (data.ports.length === 0) {
    return (
      <div className="admin-empty">
        <p>{orderMessages.noPorts}</p>
      </div>
    );
  }
  return (
    <>
      <p className="admin-ports-summary" aria-live="polite">
        {data.ports.length} open {data.ports.length === 1 ? 'transfer' : 'transfers'}, {data.overdue} overdue (open more than 3 business
        days)
      </p>
      <PortsTable data={data} busy={query.isFetching} />
    </>
  );
}

/** /admin/ports: every number transfer not yet completed or rejected, the longest waiting first, for support and admins. */
export function PortsPage() {
  return (
    <div className="container page-body admin-page">
      <PageMeta title="Transfers" description="Number transfers waiting for a step." path={PORTS_PATH} noIndex />
      <h1>Transfers</h1>
      <p className="admin-hint">
        Numbers being transferred in. Open an order to submit its transfer, set the date the losing provider gives, mark it
        transferred or reject it.
      </p>
      <RequireStaff>{() => <OpenTransfers />}</RequireStaff>
    </div>
  );
}
