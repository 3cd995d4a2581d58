import { HardwareThankYouPage } from '../../features/hardware-checkout/routes/hardware-thank-you-page';
import { useHardwareCheckoutCart } from '../use-hardware-checkout-cart';

export function Component() {
  return <HardwareThankYouPage cart={useHardwareCheckoutCart()} />;
}
