const parts = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
});

/** A trial's end in long en-GB form, UK time: 'Monday 30 November 2026 at 09:00' ('' when it is not a date). */
export function formatTrialEnd(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(parts.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.weekday} ${part.day} ${part.month} ${part.year} at ${part.hour}:${part.minute}`;
}
