import { CheckoutPage } from '../../features/checkout/routes/checkout-page';
import { useCheckoutCart } from '../use-checkout-cart';

export function Component() {
  return <CheckoutPage checkoutCart={useCheckoutCart()} />;
}
