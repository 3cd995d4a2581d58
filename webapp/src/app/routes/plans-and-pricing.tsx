import { PlansAndPricingPage } from '../../features/plans/routes/plans-and-pricing-page';
import { useBuyNow } from '../use-buy-now';

export function Component() {
  return <PlansAndPricingPage onBuyNow={useBuyNow()} />;
}
