import { HardwareCheckoutPage } from '../../features/hardware-checkout/routes/hardware-checkout-page';
import { useHardwareCheckoutCart } from '../use-hardware-checkout-cart';

export function Component() {
  return <HardwareCheckoutPage cart={useHardwareCheckoutCart()} />;
}
