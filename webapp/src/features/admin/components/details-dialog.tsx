import { useId, useRef } from 'react';
import type { AdminHardwareItem } from '../types';
import { AdminModal } from './admin-modal';
import { brandLabel, ItemPrice, StockBadge } from './item-badges';

/** Where the public page shows an item: its brand's tab, scrolled to and highlighted. */
function publicItemPath(item: AdminHardwareItem): string {
  return item.brand ? `/hardware#${item.brand}-${item.id}` : '/hardware';
}

function weight(grams: number | null | undefined): string {
  return grams === null || grams === undefined ? '—' : `${(grams / 1000).toFixed(2)} kg`;
}

/** The view-details modal (at most 600px wide). Escape, the backdrop and Close shut it. */
export function DetailsDialog({ item, onClose }: { item: AdminHardwareItem; onClose: () => void }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  return (
    <AdminModal labelledBy={titleId} onClose={onClose} initialFocus={closeRef}>
      <div className="admin-modal-head">
        <h2 id={titleId}>{item.name}</h2>
        <a className="button button-secondary admin-small-button" href={publicItemPath(item)} target="_blank" rel="noopener noreferrer">
          View on Site
        </a>
      </div>
      <dl className="admin-details">
        <dt>Brand</dt>
        <dd>{brandLabel(item)}</dd>
        <dt>Model</dt>
        <dd>{item.model}</dd>
        <dt>Price</dt>
        <dd>
          <ItemPrice item={item} />
        </dd>
        <dt>Stock</dt>
        <dd>
          <StockBadge item={item} />
        </dd>
        <dt>Gross weight</dt>
        <dd>{weight(item.grossWeightGrams)}</dd>
        <dt>Short description</dt>
        <dd>{item.shortDesc || '—'}</dd>
      </dl>
      <h3>Features</h3>
      {item.features.length > 0 ? (
        <ul className="admin-details-features">
          {item.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      ) : (
        <p>No features listed.</p>
      )}
      <div className="admin-form-actions">
        <button type="button" className="button button-primary" onClick={onClose} ref={closeRef}>
          Close
        </button>
      </div>
    </AdminModal>
  );
}
