import type { BillingCycle } from '../../../lib/api-types';
import { cycleWord, formatPence } from '../../../lib/format-money';
import type { OrderTotalsView } from '../types';

/**
 * The server's totals as rows of a <dl>: the subscription per month or year, a one-time top-up,
 * VAT, and the total the service checkout charges. Desk phones are not rows here, since that
 * total leaves them out; with phones in the cart the total is still called "due today", because
 * the phones are paid next in their own checkout. Only formatting here, never arithmetic: every
 * figure is one the server computed.
 */
export function OrderTotals({ totals, cycle, vatPercent }: { totals: OrderTotalsView; cycle: BillingCycle; vatPercent: number }) {
  const per = cycleWord(cycle);
  const oneTime = totals.topUpSubtotalPence > 0 || (totals.hardwarePence ?? 0) > 0;
  return (
    <>
      <dt>Subtotal (per {per})</dt>
      <dd>{formatPence(totals.subscriptionSubtotalPence)}</dd>
      {totals.topUpSubtotalPence > 0 && (
        <>
          <dt>Top-up credit (one-time)</dt>
          <dd>{formatPence(totals.topUpSubtotalPence)}</dd>
        </>
      )}
      <dt>VAT ({vatPercent}%)</dt>
      <dd>{formatPence(totals.serviceVatPence)}</dd>
      {oneTime ? (
        <>
          <dt className="summary-grand">Total due today inc. VAT</dt>
          <dd className="summary-grand">{formatPence(totals.serviceDueTodayPence)}</dd>
          {totals.subscriptionTotalIncVatPence > 0 && (
            <>
              <dt>Then per {per} inc. VAT</dt>
              <dd>{formatPence(totals.subscriptionTotalIncVatPence)}</dd>
            </>
          )}
        </>
      ) : (
        <>
          <dt className="summary-grand">Total per {per}</dt>
          <dd className="summary-grand">{formatPence(totals.subscriptionTotalIncVatPence)}</dd>
        </>
      )}
    </>
  );
}
