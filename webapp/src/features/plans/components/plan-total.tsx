import type { BillingCycle, PlanId } from '../../../lib/api-types';
import { errorMessage } from '../../../lib/api-error';
import { cycleWord, formatPence } from '../../../lib/format-money';
import { useGetQuoteQuery } from '../api';

interface PlanTotalProps {
  plan: PlanId;
  cycle: BillingCycle;
  quantity: number;
}

/**
 * A plan card's line total for a quantity, priced by the server (GET /api/quote). Its own module,
 * loaded once a quantity is chosen: the home page's cards start at none (plan-card.tsx).
 */
export default function PlanTotal({ plan, cycle, quantity }: PlanTotalProps) {
  const quote = useGetQuoteQuery({ plan, billingCycle: cycle, quantity });
  if (quote.currentData) {
    return (
      <>
        Total: <strong>{formatPence(quote.currentData.linePence)}</strong> per {cycleWord(cycle)} + VAT
      </>
    );
  }
  if (quote.isError && !quote.isFetching) return <>{errorMessage(quote.error, 'Price unavailable')}</>;
  return <>Calculating…</>;
}
