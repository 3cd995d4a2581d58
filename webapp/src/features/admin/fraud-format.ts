/** Money of the fraud panel: the registrar counts in tenths of a penny (call rates are finer than a penny). */

/** Tenths of a penny as pounds, e.g. 18000 -> "£18.00", 83 -> "£0.083". */
export function formatTenths(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(tenths));
  const pounds = Math.floor(abs / 1000).toLocaleString('en-GB');
  const pence = String(Math.floor((abs % 1000) / 10)).padStart(2, '0');
  const tenth = abs % 10;
  return `${sign}£${pounds}.${pence}${tenth ? String(tenth) : ''}`;
}

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
