import { OrderPage } from '../../features/admin/routes/order-page';

export function Component() {
  return <OrderPage />;
}
