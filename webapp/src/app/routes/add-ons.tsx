import { AddOnsPage } from '../../features/cart/routes/add-ons-page';

export function Component() {
  return <AddOnsPage />;
}
