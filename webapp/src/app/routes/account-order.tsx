import { OrderPage } from '../../features/account/routes/order-page';

export function Component() {
  return <OrderPage />;
}
