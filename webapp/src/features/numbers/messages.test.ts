import { describe, expect, it } from 'vitest';
import { quoteOfferPath } from './messages';

const refusal = (code: string) => ({ status: 422, data: { success: false, error: 'A cart can hold at most 10 numbers. Remove one to add another.', code } });
const stock = { isTransfer: false };
const transfer = { isTransfer: true };

describe('the quote offer at the cart cap', () => {
  it('asks for the cart\'s new numbers and the one refused, transfers aside', () => {
    expect(quoteOfferPath(refusal('too_many_numbers'), Array(10).fill(stock))).toBe('/quote?numbers=11');
    expect(quoteOfferPath(refusal('too_many_numbers'), [...Array(10).fill(stock), transfer, transfer])).toBe('/quote?numbers=11');
  });

  it('is offered on that refusal only', () => {
    expect(quoteOfferPath(refusal('invalid_phone_number'), Array(10).fill(stock))).toBeNull();
    expect(quoteOfferPath({ status: 409, data: { error: 'This number has just been taken. Please choose another.', code: 'number_taken' } }, [])).toBeNull();
    expect(quoteOfferPath(new Error('offline'), [])).toBeNull();
  });
});
