import { lazy, Suspense, useId, useState } from 'react';
import type { BillingCycle, CataloguePlan } from '../../../lib/api-types';
import { errorMessage } from '../../../lib/api-error';
import { cycleWord, formatPence } from '../../../lib/format-money';
import { useCatalogue } from '../../../lib/catalogue';
import { planCopy, pricedFeatures } from '../plan-copy';
import type { QuantityRules } from '../quantity-rules';
import type { BuyNowHandler } from '../types';
import { QuantitySelector } from './quantity-selector';

/** The server's price for the chosen quantity: loaded with the first quantity (and RTK Query with it). */
const PlanTotal = lazy(() => import('./plan-total'));

interface PlanCardProps {
  plan: CataloguePlan;
  cycle: BillingCycle;
  rules: QuantityRules;
  featured?: boolean;
  onBuyNow: BuyNowHandler;
  headingLevel?: 'h2' | 'h3';
}

export function PlanCard({ plan, cycle, rules, featured = false, onBuyNow, headingLevel = 'h3' }: PlanCardProps) {
  const headingId = useId();
  const [quantity, setQuantity] = useState(() => rules.initial(plan));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = planCopy[plan.id];
  const { data: catalogue } = useCatalogue();
  const features = [...pricedFeatures(plan, catalogue?.topUp.minimumPence), ...copy.features];
  const Heading = headingLevel;
  const unitPence = cycle === 'yearly' ? plan.yearlyPence : plan.monthlyPence;

  const buy = async () => {
    setBusy(true);
    setError(null);
    try {
      await onBuyNow({ plan: plan.id, billingCycle: cycle, quantity });
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <article className={`plan-card${featured ? ' is-featured' : ''}`} aria-labelledby={headingId}>
      {featured && <p className="plan-ribbon">Most popular</p>}
      <Heading id={headingId} className="plan-name">
        {plan.name}
      </Heading>
      <p className="plan-tagline">{copy.tagline}</p>
      <p className="plan-price">
        <span className="plan-price-amount">{formatPence(unitPence)}</span>
        <span className="plan-price-unit">
          /{cycleWord(cycle)} {copy.unit}
        </span>
      </p>
      <ul className="plan-features">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <QuantitySelector plan={plan} rules={rules} value={quantity} onChange={setQuantity} />
      <p className="plan-total" aria-live="polite">
        {quantity === 0 ? (
          'Choose the number of users'
        ) : (
          <Suspense fallback="Calculating…">
            <PlanTotal plan={plan.id} cycle={cycle} quantity={quantity} />
          </Suspense>
        )}
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="button" className="button button-primary button-block" disabled={quantity === 0 || busy} onClick={buy}>
        {busy ? 'Adding…' : 'Buy Now'}
      </button>
    </article>
  );
}
