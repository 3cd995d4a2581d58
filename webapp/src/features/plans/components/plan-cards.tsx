import { useCatalogue } from '../../../lib/catalogue';
import type { BillingCycle } from '../../../lib/api-types';
import { errorMessage } from '../../../lib/api-error';
import type { QuantityRules } from '../quantity-rules';
import type { BuyNowHandler } from '../types';
import { PlanCard } from './plan-card';

interface PlanCardsProps {
  cycle: BillingCycle;
  rules: QuantityRules;
  onBuyNow: BuyNowHandler;
}

/** The three plans from the catalogue, single user featured. */
export function PlanCards({ cycle, rules, onBuyNow }: PlanCardsProps) {
  const { data: catalogue, isLoading, error } = useCatalogue();
  if (isLoading) return <p className="loading">Loading plans…</p>;
  if (!catalogue) return <p role="alert">{errorMessage(error, 'Plans could not be loaded. Please try again later.')}</p>;
  return (
    <div className="plan-grid">
      {catalogue.plans.map((plan) => (
        <PlanCard
          key={`${plan.id}`}
          plan={plan}
          cycle={cycle}
          rules={rules}
          featured={plan.id === 'singleUser'}
          onBuyNow={onBuyNow}
        />
      ))}
    </div>
  );
}
