import { describe, expect, it } from 'vitest';
import { cycleWord, formatPence } from './format-money';

describe('formatPence', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [499, '£4.99'],
    [4790, '£47.90'],
    [14304, '£143.04'],
    [123456, '£1,234.56'],
    [-250, '-£2.50'],
  ])('formats %i pence as %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it('names the period of a billing cycle', () => {
    expect(cycleWord('monthly')).toBe('month');
    expect(cycleWord('yearly')).toBe('year');
  });
});
