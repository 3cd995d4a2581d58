import type { CartTotals } from '../lib/api-types';
import { formatPence } from '../lib/format-money';

/**
 * The desk phones are paid in the hardware checkout, so a service total leaves them out. They are
 * mentioned here, outside the totals list: a line listed inside a total must be added into it.
 */
export function DeskPhonesNote({ totals }: { totals: Pick<CartTotals, 'hardwarePence' | 'hardwareTotalIncVatPence'> }) {
  if (!(totals.hardwarePence > 0)) return null;
  return <p className="desk-phones-note">{`Desk phones: paid in the hardware checkout next, ${formatPence(totals.hardwareTotalIncVatPence)} inc. VAT`}</p>;
}
