import { cycleWord, formatPence } from '../../lib/format-money';
import type { AvailableNumber, NumberSelection } from './types';

const INCLUDED_LABEL = 'Included';

/**
 * What a number card says the buyer's cart would pay for it, from the server's figures only
 * (aggregates/src/pricing.rs `number_price` decides every one):
 * - a number in the cart: its cart line ("Included" when the plan includes it, else its price
 *   for the cart's cycle), as the selection panel and the cart show it;
 * - another: "Included" while the cart's plan includes more numbers than the cart holds (the
 *   cart's `nextNumberIncluded`, else the search's `included`), else the search's price for the
 *   cart's plan per month;
 * - nothing without a price (a bare number or a placeholder card).
 */
export function cardPriceLabel(number: AvailableNumber, selection: Pick<NumberSelection, 'numbers' | 'billingCycle' | 'nextNumberIncluded'>): string | undefined {
  const line = selection.numbers.find((entry) => entry.value === number.value);
  if (line) return line.free ? INCLUDED_LABEL : `${formatPence(line.pricePence)} per ${cycleWord(selection.billingCycle)}`;
  if (number.monthlyPence === undefined) return undefined;
  if (selection.nextNumberIncluded ?? number.included) return INCLUDED_LABEL;
  return `${formatPence(number.monthlyPence)} per month`;
}
