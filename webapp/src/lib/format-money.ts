/** Formats integer pence as pounds, e.g. 4790 -> "£47.90". Display only, no arithmetic on prices. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(pence));
  const pounds = Math.floor(abs / 100).toLocaleString('en-GB');
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}£${pounds}.${rest}`;
}

/**
 * Tenths of a penny (call credit, call rates) as money: £12.34, with the tenth when there is
 * one (£0.166 is 16.6p; 83 is £0.083).
 */
export function formatTenths(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(tenths));
  const pounds = Math.floor(abs / 1000).toLocaleString('en-GB');
  const pence = String(Math.floor((abs % 1000) / 10)).padStart(2, '0');
  const tenth = abs % 10;
  return `${sign}£${pounds}.${pence}${tenth ? String(tenth) : ''}`;
}

/** Integer pence as a decimal amount of pounds, e.g. 1490 -> "14.90": structured data's prices. */
export function penceAsDecimal(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "per month" / "per year" wording for a billing cycle. */
export function cycleWord(cycle: 'monthly' | 'yearly'): 'month' | 'year' {
  return cycle === 'yearly' ? 'year' : 'month';
}
