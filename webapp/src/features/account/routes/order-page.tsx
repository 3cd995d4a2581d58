import { Link, useParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { useGetAccountOrderQuery } from '../api';
import { AccountGate } from '../components/account-gate';
import { CallsOutNotice } from '../components/calls-out-notice';
import { OrderInvoicesAndCard } from '../components/order-invoices-and-card';
import { OrderCredit } from '../components/order-credit';
import { OrderExtensions } from '../components/order-extensions';
import { OrderPlan } from '../components/order-plan';
import { OrderTransfers } from '../components/order-transfers';
import { StatusBadge } from '../components/status-badge';
import { refusalMessage } from '../refusals';
import '../account.css';

/**
 * /account/orders/:id, one service order's page. Its sections, in this order, each its own
 * component (the shared contract of issue 34): plan and numbers, extensions (each with its SIP
 * password reset), transfers, invoices and card, Pay As You Go credit.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  return <AccountGate>{() => <OrderDetail key={id} id={id} />}</AccountGate>;
}

function OrderDetail({ id }: { id: string }) {
  const { data: order, error: failure } = useGetAccountOrderQuery(id);
  const error = failure && !order ? refusalMessage(failure, 'This order could not be loaded just now. Please reload the page in a moment.') : null;

  return (
    <div className="container page-body account-page">
      <PageMeta title="Your order" description="Your plan, numbers and extensions." path={`/account/orders/${id}`} noIndex />
      <p className="account-back">
        <Link to="/account">← All your orders</Link>
      </p>
      {error && (
        <>
          <h1>Your order</h1>
          <p className="form-error" role="alert">
            {error}
          </p>
        </>
      )}
      {!order && !error && <p role="status">Loading your order...</p>}
      {order && (
        <>
          <div className="account-heading">
            <h1>Order {order.orderNumber}</h1>
            <StatusBadge status={order.status} />
          </div>
          <CallsOutNotice order={order} />
          <OrderPlan order={order} />
          <OrderExtensions order={order} />
          <OrderTransfers orderId={order.id} />
          <OrderInvoicesAndCard orderId={order.id} />
          <OrderCredit orderId={order.id} />
        </>
      )}
    </div>
  );
}
