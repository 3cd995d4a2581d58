import { useId, type ReactNode } from 'react';
import { formatPence } from '../../../lib/format-money';

interface NumberCardProps {
  displayValue: string;
  /** The server's monthly list price; none for placeholder cards. */
  monthlyPence?: number;
  tag?: string;
  note?: ReactNode;
  selected: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** A number to choose: its display value, the server's price per month, Select + / Selected. */
export function NumberCard({ displayValue, monthlyPence, tag, note, selected, busy, onToggle }: NumberCardProps) {
  const headingId = useId();
  return (
    <li>
      <article className={`number-card${selected ? ' is-selected' : ''}`} aria-labelledby={headingId}>
        <h3 id={headingId} className="number-card-value">
          {displayValue}
        </h3>
        {tag && <p className="number-tag">{tag}</p>}
        {monthlyPence !== undefined && <p className="number-card-price">{formatPence(monthlyPence)} per month</p>}
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
