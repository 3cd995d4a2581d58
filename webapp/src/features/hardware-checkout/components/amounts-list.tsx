import { formatPence } from '../../../lib/format-money';
import type { HardwareAmounts } from '../types';

/** VAT on desk phones and their delivery (the contract: 20% of items plus shipping, rounded half up on the server). */
const VAT_PERCENT = 20;

/** The server's amounts: subtotal, shipping (once an option is chosen), VAT and total. No arithmetic here. */
export function AmountsList({ amounts, withShipping }: { amounts: HardwareAmounts; withShipping: boolean }) {
  return (
    <dl className="hw-totals" aria-label="Totals">
      <dt>Subtotal</dt>
      <dd>{formatPence(amounts.itemsPence)}</dd>
      {withShipping && (
        <>
          <dt>Shipping</dt>
          <dd>{formatPence(amounts.shippingPence)}</dd>
        </>
      )}
      <dt>VAT ({VAT_PERCENT}%)</dt>
      <dd>{formatPence(amounts.vatPence)}</dd>
      <dt className="hw-grand-total">Total</dt>
      <dd className="hw-grand-total">{formatPence(amounts.totalPence)}</dd>
    </dl>
  );
}
