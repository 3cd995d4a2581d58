import { describe, expect, it } from 'vitest';
import { formatRate, formatTenths, poundsToPence, tenthsAsPounds } from './fraud-format';

describe('fraud panel money', () => {
  it('shows tenths of a penny as pounds', () => {
    expect(formatTenths(18000)).toBe('£18.00');
    expect(formatTenths(83)).toBe('£0.083');
    expect(formatTenths(1_000_000)).toBe('£1,000.00');
    expect(formatRate(83)).toBe('8.3p a minute');
    expect(formatRate(10)).toBe('1p a minute');
    expect(formatRate(0)).toBe('included');
    expect(tenthsAsPounds(50000)).toBe('50.00');
  });

  it('reads pounds as staff type them, in whole pence', () => {
    expect(poundsToPence('50')).toBe(5000);
    expect(poundsToPence('£12.5')).toBe(1250);
    expect(poundsToPence(' 1,000.00 ')).toBe(100000);
    expect(poundsToPence('0')).toBe(0);
    expect(poundsToPence('-5')).toBeNull();
    expect(poundsToPence('12.345')).toBeNull();
    expect(poundsToPence('ten')).toBeNull();
    expect(poundsToPence('')).toBeNull();
  });
});
