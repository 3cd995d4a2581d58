import { Link } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { LoadProblem } from '../components/load-problem';
import { TransferAge } from '../components/transfer-actions';
import { RequireStaff } from '../components/require-staff';
import { orderMessages } from '../messages';
import { orderPath, TRANSFERS_PATH } from '../paths';
import type { OpenTransfers } from '../order-types';
import { useGetOpenTransfersQuery } from '../orders-api';
import { formatDay, formatUkTime } from '../uk-time';
import '../admin.css';

function TransfersTable({ data, busy }: { data: OpenTransfers; busy: boolean }) {
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
          {data.transfers.map((transfer) => (
            <tr key={`${transfer.orderId}/${transfer.number}`}>
              <th scope="row">
                <Link to={orderPath('service', transfer.orderId)}>{transfer.orderNumber}</Link>
                <span className="admin-item-desc">{transfer.email}</span>
              </th>
              <td>{transfer.number}</td>
              <td>
                {transfer.stateLabel}
                {transfer.date && <span className="admin-item-desc">Moves {formatDay(transfer.date)}</span>}
              </td>
              <td>
                <time dateTime={transfer.requestedAt}>{formatUkTime(transfer.requestedAt)}</time>
              </td>
              <td>
                <TransferAge days={transfer.businessDaysOpen} overdue={transfer.overdue} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OpenTransfersPage() {
  const query = useGetOpenTransfersQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = query.data;
  if (query.isError) return <LoadProblem message={orderMessages.portsFailed} onRetry={() => void query.refetch()} />;
  if (!data) {
    return (
      <p className="loading" role="status">
        {orderMessages.portsLoading}
      </p>
    );
  }
  if (data.transfers.length === 0) {
    return (
      <div className="admin-empty">
        <p>{orderMessages.noPorts}</p>
      </div>
    );
  }
  return (
    <>
      <p className="admin-transfers-summary" aria-live="polite">
        {data.transfers.length} open {data.transfers.length === 1 ? 'transfer' : 'transfers'}, {data.overdue} overdue (open more than 3 business
        days)
      </p>
      <TransfersTable data={data} busy={query.isFetching} />
    </>
  );
}

/** /admin/transfers: every number transfer not yet completed or rejected, the longest waiting first, for support and admins. */
export function TransfersPage() {
  return (
    <div className="container page-body admin-page">
      <PageMeta title="Transfers" description="Number transfers waiting for a step." path={TRANSFERS_PATH} noIndex />
      <h1>Transfers</h1>
      <p className="admin-hint">
        Numbers being transferred in. Open an order to submit its transfer, set the date the losing provider gives, mark it
        transferred or reject it.
      </p>
      <RequireStaff>{() => <OpenTransfersPage />}</RequireStaff>
    </div>
  );
}
