import type { CartPriceChange } from '../../../lib/api-types';
import { priceChangeMessage } from '../price-change-message';

/** Each desk phone of the cart whose price changed since it went in (its line shows today's price). */
export function PriceChangeNotices({ changes }: { changes: CartPriceChange[] | undefined }) {
  if (!changes || changes.length === 0) return null;
  return (
    <div className="cart-price-changes">
      {changes.map((change) => (
        <p key={change.productId} role="status" className="cart-price-change">
          {priceChangeMessage(change)}
        </p>
      ))}
    </div>
  );
}
