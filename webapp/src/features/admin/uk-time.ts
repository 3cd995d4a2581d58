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
export function formatUkTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : ukTime.format(date);
}

const ukDayParts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/London' });

/** The day it is in the UK at `now`, as YYYY-MM-DD (what a date input takes). */
export function ukDay(now: Date = new Date()): string {
  return ukDayParts.format(now);
}

const calendarDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD) as staff read it, e.g. "Tue, 1 Dec 2026"; the text as given when it is not one. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : calendarDay.format(date);
}
