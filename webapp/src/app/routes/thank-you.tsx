import { ThankYouPage } from '../../features/checkout/routes/thank-you-page';
import { useDeskPhonesInCart } from '../use-checkout-cart';

export function Component() {
  return <ThankYouPage deskPhonesInCart={useDeskPhonesInCart()} />;
}
