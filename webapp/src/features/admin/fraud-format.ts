/** Money of the fraud panel: the registrar counts in tenths of a penny (call rates are finer than a penny). */

export { formatTenths } from '../../lib/format-money';

/** A rate a minute, e.g. 83 -> "8.3p a minute", 0 -> "included". */
export function formatRate(tenths: number): string {
  if (tenths === 0) return 'included';
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}p a minute`;
}

/** Pounds as staff type them ("50", "12.50", "£7.5") in whole pence, or null when it is not an amount. */
export function poundsToPence(text: string): number | null {
  const match = /^£?\s*(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Tenths of a penny as pounds for the cap field, e.g. 50000 -> "50.00". */
export function tenthsAsPounds(tenths: number): string {
  const pence = Math.floor(tenths / 10);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}
