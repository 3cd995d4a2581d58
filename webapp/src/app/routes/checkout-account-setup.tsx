import { CheckoutPage } from '../../features/checkout/routes/checkout-page';
import { useCheckoutCart } from '../use-checkout-cart';

/** /checkout/account-setup: the checkout opened at step 2 (not indexed). */
export function Component() {
  return <CheckoutPage checkoutCart={useCheckoutCart()} initialStep={2} />;
}
