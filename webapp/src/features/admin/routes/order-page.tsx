import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { errorStatus, serverErrorMessage } from '../../../lib/api-error';
import type { FromSearchState } from '../components/order-search';
import { LoadProblem } from '../components/load-problem';
import { OrderCallsPanel } from '../components/order-calls';
import { CurrentViewPanel, EmailList, StatePanel, Timeline } from '../components/order-history';
import { RequireStaff } from '../components/require-staff';
import { StaffActions } from '../components/staff-actions';
import { orderMessages } from '../messages';
import { ORDERS_PATH, orderPath } from '../paths';
import { positiveInteger } from '../order-format';
import { isOrderKind, ORDER_KIND_LABELS } from '../order-types';
import { useGetOrderHistoryQuery } from '../orders-api';
import type { StaffSession } from '../types';
import { useFlash } from '../use-flash';
import '../admin.css';

/** The search the staff member came from (kept in the navigation state), else the plain search page. */
function useBackToResults(): { to: string; state?: { trail: string[] } } {
  const state = useLocation().state as Partial<FromSearchState> | null;
  if (typeof state?.search !== 'string') return { to: ORDERS_PATH };
  // The pages before the one left, so its "Newer" still goes back through them.
  return { to: `${ORDERS_PATH}${state.search}`, state: Array.isArray(state.trail) ? { trail: state.trail } : undefined };
}

function OrderDetails({ session }: { session: StaffSession }) {
  const params = useParams();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const back = useBackToResults();
  const { flash, show } = useFlash();
  const kind = isOrderKind(params.kind) ? params.kind : null;
  const id = params.id ?? '';
  const upTo = positiveInteger(search.get('upTo'));
  const history = useGetOrderHistoryQuery(kind && id ? { kind, id, upTo } : skipToken, { refetchOnMountOrArgChange: true });
  const data = history.data;
  const status = errorStatus(history.error);

  // The replay point lives in the URL (a link opens the same replay); the navigation state keeps the way back.
  const replayTo = (sequence: number | undefined) => {
    if (sequence === upTo) return;
    setSearch(sequence === undefined ? {} : { upTo: String(sequence) }, { state: location.state });
  };

  let body;
  if (!kind || status === 404) {
    body = (
      <div className="admin-problem" role="alert">
        <p>{orderMessages.orderNotFound}</p>
        <Link to={back.to} state={back.state}>
          Search orders
        </Link>
      </div>
    );
  } else if (history.isError) {
    body =
      status === 400 ? (
        <LoadProblem message={serverErrorMessage(history.error, orderMessages.historyFailed)}>
          <button type="button" className="button button-secondary" onClick={() => replayTo(undefined)}>
            Show the latest state
          </button>
        </LoadProblem>
      ) : (
        <LoadProblem message={orderMessages.historyFailed} onRetry={() => void history.refetch()} />
      );
  } else if (!data) {
    body = (
      <p className="loading" role="status">
        {orderMessages.historyLoading}
      </p>
    );
  } else {
    body = (
      <div className="admin-order-layout" aria-busy={history.isFetching}>
        <Timeline history={data} onReplay={replayTo} onShowLatest={() => replayTo(undefined)} />
        <div className="admin-order-side">
          <StatePanel history={data} />
          <StaffActions history={data} role={session.role} onChanged={() => replayTo(undefined)} flash={show} />
          <EmailList emails={data.emails} />
          <CurrentViewPanel history={data} />
        </div>
        {kind !== 'hardware' && <OrderCallsPanel kind={kind} id={id} />}
      </div>
    );
  }

  const orderNumber = data && !history.isError ? data.orderNumber : null;
  return (
    <>
      <PageMeta title={orderNumber ? `Order ${orderNumber}` : 'Order'} description="An order's history." path={orderPath(params.kind ?? '', id)} noIndex />
      {flash && (
        <div className={`admin-flash is-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
          {flash.text}
        </div>
      )}
      <p className="admin-back">
        <Link to={back.to} state={back.state}>
          ← Back to orders
        </Link>
      </p>
      <h1>{orderNumber ?? 'Order'}</h1>
      {data && kind && <p className="admin-order-kind">{ORDER_KIND_LABELS[kind]}</p>}
      {body}
    </>
  );
}

/** /admin/orders/{kind}/{id}?upTo=N: an order's timeline, its state replayed to event N, its e-mails and the staff actions. */
export function OrderPage() {
  return (
    <div className="container page-body admin-page">
      <RequireStaff>{(session) => <OrderDetails session={session} />}</RequireStaff>
    </div>
  );
}
