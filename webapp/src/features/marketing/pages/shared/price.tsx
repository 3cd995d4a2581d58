import { formatPence } from '../../../../lib/format-money';
import type { Catalogue } from '../../../../lib/api-types';
import { usePriceList } from './use-price-list';

/**
 * A price (or other figure) read from the catalogue (never typed into copy). Until the catalogue arrives the
 * space is held by a placeholder of the same width, so nothing shifts when it lands.
 */
export function Price({
  of,
  format = formatPence,
  placeholder = '£00.00',
}: {
  of: (catalogue: Catalogue) => number | undefined;
  /** How the figure reads (pence as pounds unless told). */
  format?: (value: number) => string;
  /** Text of about the figure's width, held invisibly while loading. */
  placeholder?: string;
}) {
  const { catalogue, isError } = usePriceList();
  const value = catalogue ? of(catalogue) : undefined;
  if (value !== undefined) return <span className="sp-price">{format(value)}</span>;
  if (isError) return <span className="sp-price is-missing">(price unavailable: see our plans)</span>;
  return (
    <span className="sp-price is-loading" aria-busy="true">
      <span className="visually-hidden">Loading price</span>
      <span aria-hidden="true">{placeholder}</span>
    </span>
  );
}
