import { OrdersPage } from '../../features/admin/routes/orders-page';

export function Component() {
  return <OrdersPage />;
}
