import type { HardwareQuote, PriceChangedBody } from './types';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The 409 `price_changed` of placing or paying (an RTK Query error), or null for any other
 * failure: the prices moved since the page's quote, nothing was placed or charged, and the
 * answer carries the quote to show now.
 */
export function priceChanged(error: unknown): PriceChangedBody | null {
  if (!isObject(error) || error.status !== 409 || !isObject(error.data)) return null;
  const { code, error: message, quote } = error.data;
  if (code !== 'price_changed' || typeof message !== 'string' || !isObject(quote)) return null;
  if (typeof quote.version !== 'string' || !isObject(quote.amounts)) return null;
  const checked = quote as unknown as HardwareQuote;
  return { code, error: message, quote: { ...checked, priceChanges: Array.isArray(checked.priceChanges) ? checked.priceChanges : [] } };
}
