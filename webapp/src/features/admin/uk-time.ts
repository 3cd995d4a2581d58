const ukTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});

/** A moment as staff read it, in UK time whatever the browser's zone, e.g. "22 Nov 2025, 07:01:14". */
export function formatUkTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : ukTime.format(date);
}
