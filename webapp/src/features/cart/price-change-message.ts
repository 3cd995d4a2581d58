import type { CartPriceChange } from '../../lib/api-types';
import { formatPence } from '../../lib/format-money';

/** The cart's sentence for a desk phone priced otherwise now, as the server words it: "The price of X changed from £A to £B". */
export function priceChangeMessage({ name, fromPence, toPence }: CartPriceChange): string {
  return `The price of ${name} changed from ${formatPence(fromPence)} to ${formatPence(toPence)}`;
}
