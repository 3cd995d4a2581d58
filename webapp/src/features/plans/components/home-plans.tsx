import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectBillingCycle } from '../billing-slice';
import { homePageRules } from '../quantity-rules';
import type { BuyNowHandler } from '../types';
import { BillingCycleControl } from './billing-cycle-control';
import { PlanCards } from './plan-cards';

/** The home page's plan section: quantities start at 0 (home rules). */
export function HomePlans({ onBuyNow }: { onBuyNow: BuyNowHandler }) {
  const cycle = useAppSelector(selectBillingCycle);
  return (
    <section className="section home-plans" aria-labelledby="home-plans-heading">
      <h2 id="home-plans-heading">Choose your plan</h2>
      <p className="lead">Pick the number of users, then Buy Now. Prices exclude VAT.</p>
      <BillingCycleControl />
      <PlanCards cycle={cycle} rules={homePageRules} onBuyNow={onBuyNow} />
      <p className="centered">
        Want a particular number? <Link to="/phone-numbers">Pick your number</Link>
      </p>
    </section>
  );
}
