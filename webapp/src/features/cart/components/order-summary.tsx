import { DeskPhonesNote } from '../../../components/desk-phones-note';
import type { Cart } from '../../../lib/api-types';
import { cycleWord, formatPence } from '../../../lib/format-money';
import { PriceChangeNotices } from './price-change-notices';

/**
 * Order summary from the server's totals (no arithmetic here). Due today is what the service
 * checkout charges; desk phones are paid in their own checkout, so they are noted below the list.
 * A desk phone whose price changed since it went into the cart is named first.
 */
export function OrderSummary({ cart, vatPercent }: { cart: Cart; vatPercent: number }) {
  const { totals } = cart;
  const per = cycleWord(totals.billingCycle ?? cart.billingCycle ?? 'monthly');
  return (
    <aside className="order-summary panel" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Order summary</h2>
      <PriceChangeNotices changes={cart.priceChanges} />
      <dl>
        <dt>Package</dt>
        <dd>{formatPence(totals.packagePence)}</dd>
        {cart.addOns.length > 0 && (
          <>
            <dt>Add-ons ({cart.addOns.length})</dt>
            <dd>{formatPence(totals.addOnsPence)}</dd>
          </>
        )}
        {cart.phoneNumbers.length > 0 && (
          <>
            <dt>Phone numbers ({cart.phoneNumbers.length})</dt>
            <dd>{formatPence(totals.numbersPence)}</dd>
          </>
        )}
        <dt>Subtotal</dt>
        <dd>{formatPence(totals.subscriptionSubtotalPence)}</dd>
        <dt>VAT ({vatPercent}%)</dt>
        <dd>{formatPence(totals.subscriptionVatPence)}</dd>
        <dt className="summary-total">Total per {per}</dt>
        <dd className="summary-total">{formatPence(totals.subscriptionTotalIncVatPence)}</dd>
        {totals.topUpSubtotalPence > 0 && (
          <>
            <dt>Top-up credit (one-time)</dt>
            <dd>{formatPence(totals.topUpSubtotalPence)}</dd>
            <dt>Top-up VAT ({vatPercent}%)</dt>
            <dd>{formatPence(totals.topUpVatPence)}</dd>
            <dt>Top-up total (one-time)</dt>
            <dd>{formatPence(totals.topUpTotalIncVatPence)}</dd>
          </>
        )}
        <dt className="summary-grand">Due today inc. VAT</dt>
        <dd className="summary-grand">{formatPence(totals.serviceDueTodayPence)}</dd>
      </dl>
      <DeskPhonesNote totals={totals} />
    </aside>
  );
}
