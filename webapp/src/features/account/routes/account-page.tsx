import { Link } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { useGetOrdersQuery, useSignOutMutation } from '../api';
import type { AccountSession } from '../account-slice';
import { AccountGate } from '../components/account-gate';
import { StatusBadge } from '../components/status-badge';
import { accountArea } from '../../../lib/next-path';
import '../account.css';

const LOAD_FAILED = 'Your orders could not be loaded just now. Please reload the page in a moment.';

function day(at: string | null | undefined): string {
  return at ? new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) : '—';
}

/** /account: the customer's service orders, hardware orders and trials, each with its status. */
export function AccountPage() {
  return <AccountGate>{(session) => <AccountHome session={session} />}</AccountGate>;
}

function AccountHome({ session }: { session: AccountSession }) {
  const { data: orders, isError } = useGetOrdersQuery();
  const [signOut] = useSignOutMutation();
  const error = isError && !orders ? LOAD_FAILED : null;

  return (
    <div className="container page-body account-page">
      <PageMeta title="Your account" description="Your orders, numbers and extensions." path={accountArea.home} noIndex />
      <div className="account-heading">
        <h1>Your account</h1>
        <button type="button" className="button button-light" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
      <p className="account-email">
        Signed in as <strong>{session.email}</strong>
      </p>
      {!session.verified && (
        <p className="form-notice">
          This e-mail address is not confirmed yet: hardware orders show here once it is. To confirm it, use{' '}
          <Link to="/account/forgot-password">Forgot password</Link> and follow the link we e-mail you.
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!orders && !error && <p role="status">Loading your orders...</p>}
      {orders && (
        <>
          <section aria-labelledby="service-orders">
            <h2 id="service-orders">Phone service</h2>
            {orders.serviceOrders.length === 0 ? (
              <p>No phone service orders yet.</p>
            ) : (
              <ul className="account-list">
                {orders.serviceOrders.map((order) => (
                  <li key={order.id} className="account-card">
                    <div>
                      <Link to={`/account/orders/${order.id}`} className="account-card-title">
                        {order.packageName || 'Phone service'} · {order.orderNumber}
                      </Link>
                      <p className="account-meta">Ordered {day(order.placedAt)}</p>
                    </div>
                    <StatusBadge status={order.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="trials">
            <h2 id="trials">Free trials</h2>
            {orders.trials.length === 0 ? (
              <p>No free trials.</p>
            ) : (
              <ul className="account-list">
                {orders.trials.map((trial) => (
                  <li key={trial.id} className="account-card">
                    <div>
                      <span className="account-card-title">Free trial · {trial.number}</span>
                      <p className="account-meta">
                        Started {day(trial.startedAt)}, ends {day(trial.endsAt)}
                      </p>
                    </div>
                    <StatusBadge status={trial.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="hardware-orders">
            <h2 id="hardware-orders">Desk phones</h2>
            {orders.hardwareOrders.length === 0 ? (
              <p>{session.verified ? 'No desk phone orders.' : 'Desk phone orders show once your e-mail address is confirmed.'}</p>
            ) : (
              <ul className="account-list">
                {orders.hardwareOrders.map((order) => (
                  <li key={order.id} className="account-card">
                    <div>
                      <Link to={`/account/hardware-orders/${order.id}/receipt`} className="account-card-title">
                        Desk phones · {order.orderNumber}
                      </Link>
                      <p className="account-meta">Ordered {day(order.placedAt)}</p>
                    </div>
                    <StatusBadge status={order.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
