import { errorCode, errorMessage, errorStatus } from '../../lib/api-error';
import type { CartPhoneNumber } from '../../lib/api-types';

/** The exact user-facing messages of the number pages (docs/product-rules.md, Numbers and reservations). */
export const messages = {
  ukEmpty: 'No numbers found matching your criteria. Please try different search options.',
  internationalEmpty: 'No numbers available matching your criteria. Try different search options.',
  mobileEmpty: 'No mobile numbers found matching your criteria. Please try different search options.',
  noSelection: 'No numbers selected yet. Click on a number to add it to your selection.',
  numberTaken: 'This number has just been taken. Please choose another.',
  searchFailed: (detail: string) => `Failed to load phone numbers: ${detail}. Please try again.`,
  mobileSearchFailed: (detail: string) => `Failed to load mobile numbers: ${detail}. Please try again later.`,
  freeLoading: 'Loading available numbers...',
  freeError: 'Unable to load numbers',
  freeErrorFallback: 'Failed to fetch numbers',
  freeEmpty: 'No numbers available',
  freeEmptyHint: 'Please check back later for available numbers',
  selectFirst: 'Select a Number First',
  proceedWith: (number: string) => `Proceed with ${number}`,
  quoteOffer: 'Need more numbers? Request a quote',
} as const;

/** The server's error (or the transport's message) for a sentence, without a final full stop. */
export function errorDetail(error: unknown): string {
  return errorMessage(error, 'Unknown error').replace(/\.+$/, '');
}


/** What to show when adding or removing a number fails: 409 is always the "taken" message. */
export function selectionErrorMessage(error: unknown): string {
  if (errorStatus(error) === 409) return messages.numberTaken;
  return errorMessage(error);
}

/**
 * At the cart's cap (422 `too_many_numbers`, "A cart can hold at most 10 numbers..."), the way
 * on: a quote for the new numbers wanted, the cart's new (not transferred) numbers and the one
 * refused: /quote?numbers=11. Null for any other failure.
 */
export function quoteOfferPath(error: unknown, numbers: readonly Pick<CartPhoneNumber, 'isTransfer'>[]): string | null {
  if (errorCode(error) !== 'too_many_numbers') return null;
  const wanted = numbers.filter((number) => !number.isTransfer).length + 1;
  return `/quote?numbers=${wanted}`;
}
