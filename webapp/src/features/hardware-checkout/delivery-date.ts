/**
 * The estimated delivery as the thank-you page shows it, e.g. 'Saturday 28 November 2026'
 * (long en-GB). The server sends a calendar date (YYYY-MM-DD); it is read as that day here,
 * not as midnight UTC (which would be the day before west of Greenwich).
 */
export function formatDeliveryDate(date: string | null | undefined): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  const local = new Date(Number(year), Number(month) - 1, Number(day));
  if (Number.isNaN(local.getTime())) return date;
  return local.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}
