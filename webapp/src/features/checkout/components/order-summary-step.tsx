import { DeskPhonesNote } from '../../../components/desk-phones-note';
import type { Cart } from '../../../lib/api-types';
import { cycleWord, formatPence } from '../../../lib/format-money';
import { OrderTotals } from './order-totals';

/** Step 1: the cart as the server priced it. */
export function OrderSummaryStep({ cart, vatPercent, onContinue }: { cart: Cart; vatPercent: number; onContinue: () => void }) {
  const cycle = cart.totals.billingCycle ?? cart.billingCycle ?? 'monthly';
  const per = cycleWord(cycle);
  const packages = cart.items.filter((item) => item.type === 'package');
  const hardware = cart.items.filter((item) => item.type === 'hardware');
  return (
    <section className="panel checkout-panel" aria-labelledby="checkout-step-heading">
      <h2 id="checkout-step-heading">Order Summary</h2>
      <dl className="summary-list">
        {packages.map((item) => (
          <div key={item.id} className="summary-row">
            <dt>Package: {item.name}</dt>
            <dd>
              {formatPence(item.linePence)} per {per}
            </dd>
          </div>
        ))}
      </dl>

      <h3>Add-ons</h3>
      {cart.addOns.length === 0 ? (
        <p className="muted">No add-ons selected.</p>
      ) : (
        <ul className="summary-lines" aria-label="Add-ons">
          {cart.addOns.map((addOn) => (
            <li key={addOn.id}>
              <span>{addOn.name}</span>
              <span>
                {formatPence(addOn.pricePence)} per {per}
              </span>
            </li>
          ))}
        </ul>
      )}

      <h3>Phone numbers</h3>
      {cart.phoneNumbers.length === 0 ? (
        <p className="muted">No phone numbers selected.</p>
      ) : (
        <ul className="summary-lines" aria-label="Phone numbers">
          {cart.phoneNumbers.map((number) => (
            <li key={number.value}>
              <span>
                {number.displayValue || number.value}
                {number.isTransfer ? ' (transfer)' : ''}
              </span>
              <span>{number.free ? 'Free' : `${formatPence(number.pricePence)} per ${per}`}</span>
            </li>
          ))}
        </ul>
      )}

      {hardware.length > 0 && (
        <>
          <h3>Hardware</h3>
          <p className="muted">Desk phones are paid in their own checkout: they stay in your cart after this order and are not part of the totals below.</p>
          <ul className="summary-lines" aria-label="Hardware">
            {hardware.map((item) => (
              <li key={item.id}>
                <span>
                  {item.name}
                  {item.quantity > 1 ? ` × ${item.quantity}` : ''}
                </span>
                <span>{formatPence(item.linePence)}</span>
              </li>
            ))}
          </ul>
        </>
      )}

      {cart.topUpPence > 0 && (
        <>
          <h3>Top-up</h3>
          <p>Call credit of {formatPence(cart.topUpPence)}, paid once.</p>
        </>
      )}

      <dl className="order-totals" aria-label="Totals">
        <OrderTotals totals={cart.totals} cycle={cycle} vatPercent={vatPercent} />
      </dl>
      <DeskPhonesNote totals={cart.totals} />

      <div className="page-actions">
        <span />
        <button type="button" className="button button-primary" onClick={onContinue}>
          Continue to Account Setup
        </button>
      </div>
    </section>
  );
}
