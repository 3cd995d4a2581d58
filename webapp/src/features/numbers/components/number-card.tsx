import { useId, type ReactNode } from 'react';

interface NumberCardProps {
  displayValue: string;
  /** What the buyer's cart would pay for it ("£2.50 per month", "Included": number-price.ts); none for placeholder cards. */
  price?: string;
  tag?: string;
  note?: ReactNode;
  selected: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** A number to choose: its display value, the price the cart would pay, Select + / Selected. */
export function NumberCard({ displayValue, price, tag, note, selected, busy, onToggle }: NumberCardProps) {
  const headingId = useId();
  return (
    <li>
      <article className={`number-card${selected ? ' is-selected' : ''}`} aria-labelledby={headingId}>
        <h3 id={headingId} className="number-card-value">
          {displayValue}
        </h3>
        {tag && <p className="number-tag">{tag}</p>}
        {price !== undefined && <p className="number-card-price">{price}</p>}
        {note && <p className="number-card-note">{note}</p>}
        <button
          type="button"
          className={`button ${selected ? 'button-secondary' : 'button-primary'} number-card-button`}
          aria-pressed={selected}
          disabled={busy}
          onClick={onToggle}
        >
          {selected ? 'Selected' : 'Select +'}
        </button>
      </article>
    </li>
  );
}
