import { describe, expect, it } from 'vitest';
import { formatDeliveryDate } from './delivery-date';

describe('formatDeliveryDate', () => {
  it('the calendar day, long en-GB with the weekday', () => {
    const text = formatDeliveryDate('2026-11-28');
    expect(text).toBe(new Date(2026, 10, 28).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }));
    expect(text).toMatch(/^Saturday,? 28 November 2026$/);
  });

  it('is the same day whatever the time zone (read as a local date, not midnight UTC)', () => {
    expect(formatDeliveryDate('2027-01-01')).toMatch(/^Friday,? 1 January 2027$/);
  });

  it('shows anything else as it came', () => {
    expect(formatDeliveryDate('soon')).toBe('soon');
  });
});
