import { describe, expect, it } from 'vitest';
import type { CartPhoneNumber } from '../../lib/api-types';
import { cardPriceLabel } from './number-price';
import { stockNumber } from './testing/fake-number-server';

const london = stockNumber('02079460000', { areaCode: '020' });
const inCart = (pricePence: number, free = false): CartPhoneNumber => ({
  value: london.value, displayValue: london.displayValue, provider: 'unknown', isTransfer: false, isPlaceholder: false, free, pricePence,
});

describe('the price a number card shows', () => {
  it('is the search price for the cart per month: £2.50 with Pay As You Go, £2.00 otherwise', () => {
    const empty = { numbers: [], billingCycle: 'monthly' as const, nextNumberIncluded: false };
    expect(cardPriceLabel({ ...london, monthlyPence: 250, included: false }, empty)).toBe('£2.50 per month');
    expect(cardPriceLabel({ ...london, monthlyPence: 200, included: false }, empty)).toBe('£2.00 per month');
  });

  it('is Included while the plan includes more numbers than the cart holds: the cart knows best, else the search', () => {
    const number = { ...london, monthlyPence: 200, included: true };
    expect(cardPriceLabel(number, { numbers: [], billingCycle: 'monthly', nextNumberIncluded: true })).toBe('Included');
    // The cart now holds its included number: the search's answer is out of date.
    expect(cardPriceLabel(number, { numbers: [], billingCycle: 'monthly', nextNumberIncluded: false })).toBe('£2.00 per month');
    // No cart loaded yet: the search's word.
    expect(cardPriceLabel(number, { numbers: [], billingCycle: 'monthly' })).toBe('Included');
    expect(cardPriceLabel({ ...number, included: false }, { numbers: [], billingCycle: 'monthly' })).toBe('£2.00 per month');
  });

  it('of a number in the cart is its cart line, as the selection panel shows it', () => {
    const number = { ...london, monthlyPence: 200, included: false };
    expect(cardPriceLabel(number, { numbers: [inCart(0, true)], billingCycle: 'monthly', nextNumberIncluded: false })).toBe('Included');
    expect(cardPriceLabel(number, { numbers: [inCart(250)], billingCycle: 'monthly', nextNumberIncluded: false })).toBe('£2.50 per month');
    expect(cardPriceLabel(number, { numbers: [inCart(2400)], billingCycle: 'yearly', nextNumberIncluded: false })).toBe('£24.00 per year');
  });

  it('is nothing for a number without a price', () => {
    expect(cardPriceLabel({ value: '1', displayValue: '1' }, { numbers: [], billingCycle: 'monthly', nextNumberIncluded: true })).toBeUndefined();
  });
});
