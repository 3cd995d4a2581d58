import { PageMeta } from '../../../components/page-meta';
import { OrderSearch } from '../components/order-search';
import { RequireStaff } from '../components/require-staff';
import { ORDERS_PATH } from '../paths';
import '../admin.css';

/** /admin/orders: the support console's order search, for signed-in staff (support and admin). */
export function OrdersPage() {
  return (
    <div className="container page-body admin-page">
      <PageMeta title="Orders" description="Find an order and see its history." path={ORDERS_PATH} noIndex />
      <h1>Orders</h1>
      <RequireStaff>{() => <OrderSearch />}</RequireStaff>
    </div>
  );
}
