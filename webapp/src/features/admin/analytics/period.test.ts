import { describe, expect, it } from 'vitest';
import { dayCount, describePeriod, periodFromSearch, periodSearch, presetPeriod, rangeProblem, utcToday } from './period';

const today = '2026-11-27';

describe('the period of /admin/analytics', () => {
  it('is the last 30 days by default, or a preset of 7, 30 or 90 days', () => {
    expect(periodFromSearch(new URLSearchParams(''), today)).toEqual({ kind: 'preset', days: 30, from: '2026-10-29', to: today });
    expect(periodFromSearch(new URLSearchParams('days=7'), today)).toEqual({ kind: 'preset', days: 7, from: '2026-11-21', to: today });
    expect(periodFromSearch(new URLSearchParams('days=90'), today).from).toBe('2026-08-30');
    expect(periodFromSearch(new URLSearchParams('days=12'), today).from).toBe('2026-10-29');
  });

  it('reads a from-to pair, and falls back to the default for a wrong one', () => {
    expect(periodFromSearch(new URLSearchParams('from=2026-03-01&to=2026-03-04'), today)).toEqual({ kind: 'range', from: '2026-03-01', to: '2026-03-04' });
    expect(periodFromSearch(new URLSearchParams('from=2026-03-04&to=2026-03-01'), today).kind).toBe('preset');
    expect(periodFromSearch(new URLSearchParams('from=2026-02-30&to=2026-03-01'), today).kind).toBe('preset');
  });

  it('says what is wrong with a from-to pair', () => {
    expect(rangeProblem('', '2026-03-01')).toBe('Choose both the first and the last day.');
    expect(rangeProblem('2026-03-04', '2026-03-01')).toBe('The first day must not be after the last day.');
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(rangeProblem('2024-01-01', '2025-01-01')).toBe('Choose at most 366 days.');
    expect(dayCount('2026-03-01', '2026-03-01')).toBe(1);
  });

  it('is kept in the address and described in words', () => {
    expect(periodSearch(presetPeriod(7, today))).toEqual({ days: '7' });
    expect(periodSearch({ kind: 'range', from: '2026-03-01', to: '2026-03-04' })).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(describePeriod(presetPeriod(7, today))).toBe('Last 7 days (21 November 2026 to 27 November 2026)');
    expect(utcToday(new Date('2026-11-27T23:30:00-02:00'))).toBe('2026-11-28');
  });
});
