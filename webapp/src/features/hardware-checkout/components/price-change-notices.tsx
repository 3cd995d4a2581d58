import type { QuotePriceChange } from '../types';

/** Each desk phone whose price changed since it went into the cart, in the server's own words. */
export function PriceChangeNotices({ changes }: { changes: QuotePriceChange[] | undefined }) {
  if (!changes || changes.length === 0) return null;
  return (
    <div className="hw-price-changes">
      {changes.map((change) => (
        <p key={change.productId} role="status" className="hw-price-change">
          {change.message}
        </p>
      ))}
    </div>
  );
}
