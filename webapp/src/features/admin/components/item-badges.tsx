import { formatPence } from '../../../lib/format-money';
import { statusOf } from '../list-filters';
import { BRAND_LABELS, STATUS_LABELS, type AdminHardwareItem } from '../types';

export function brandLabel(item: AdminHardwareItem): string {
  return item.brand ? BRAND_LABELS[item.brand] : '—';
}

/** The price, with the original struck through ('was') when it is higher. */
export function ItemPrice({ item }: { item: AdminHardwareItem }) {
  const was = item.originalPricePence;
  return (
    <span className="admin-price">
      {formatPence(item.pricePence)}
      {was !== null && was !== undefined && was > item.pricePence && (
        <>
          {' '}
          <s className="admin-was">was {formatPence(was)}</s>
        </>
      )}
    </span>
  );
}

export function StockBadge({ item }: { item: AdminHardwareItem }) {
  return item.inStock ? <span className="admin-badge is-good">In Stock</span> : <span className="admin-badge is-bad">Out of Stock</span>;
}

export function StatusBadge({ item }: { item: AdminHardwareItem }) {
  const status = statusOf(item);
  return <span className={`admin-badge is-${status}`}>{STATUS_LABELS[status]}</span>;
}
