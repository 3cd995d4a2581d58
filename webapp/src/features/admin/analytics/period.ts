/**
 * The period /admin/analytics shows, kept in the address so it can be shared and reloaded:
 * `?days=7|30|90` (the last days up to today, today included; 30 by default) or
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`. Days are UTC days, as the server counts them.
 */
export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];
const DEFAULT_PRESET: Preset = 30;
/** The server's longest period. */
const MAX_DAYS = 366;

export type Period = { kind: 'preset'; days: Preset; from: string; to: string } | { kind: 'range'; from: string; to: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's UTC date, YYYY-MM-DD. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function parse(day: string): number | null {
  if (!DATE.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return new Date((parse(day) ?? 0) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days `from` to `to` covers, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round(((parse(to) ?? 0) - (parse(from) ?? 0)) / DAY_MS) + 1;
}

/** The period of the last `days` days up to `today`. */
export function presetPeriod(days: Preset, today: string): Period {
  return { kind: 'preset', days, from: addDays(today, -(days - 1)), to: today };
}

/** What is wrong with a from-to pair, or null. */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both the first and the last day.';
  const [start, end] = [parse(from), parse(to)];
  if (start === null || end === null) return 'Enter the days as dates (YYYY-MM-DD).';
  if (start > end) return 'The first day must not be after the last day.';
  if (dayCount(from, to) > MAX_DAYS) return `Choose at most ${MAX_DAYS} days.`;
  return null;
}

/** The period the address asks for; anything unreadable is the default. */
export function periodFromSearch(search: URLSearchParams, today: string): Period {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if ((from || to) && rangeProblem(from, to) === null) return { kind: 'range', from, to };
  const days = Number(search.get('days'));
  const preset = PRESETS.find((each) => each === days) ?? DEFAULT_PRESET;
  return presetPeriod(preset, today);
}

/** The address's query for a period. */
export function periodSearch(period: Period): Record<string, string> {
  return period.kind === 'preset' ? { days: String(period.days) } : { from: period.from, to: period.to };
}

/** "1 March 2026" from YYYY-MM-DD. */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
}

/** The period in words: "Last 7 days (21 to 27 November 2026)". */
export function describePeriod(period: Period): string {
  const range = `${formatDay(period.from)} to ${formatDay(period.to)}`;
  return period.kind === 'preset' ? `Last ${period.days} days (${range})` : range;
}
