import { describe, expect, it } from 'vitest';
import { parseWholeNumber, savingsMessages, validateSavingsForm } from './savings-form';

describe('parseWholeNumber', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    [' 1500 ', 1500],
    ['1,500', 1500],
    ['1 000 000', 1000000],
    ['1,000,000', 1000000],
  ])('%j → %i', (text, value) => {
    expect(parseWholeNumber(text)).toBe(value);
  });

  it.each(['', '1.5', '-3', '12a', '1,50', '1e3', '£12', '99999999999999999999'])('%j is not a whole number', (text) => {
    expect(parseWholeNumber(text)).toBeNull();
  });
});

describe('validateSavingsForm', () => {
  it('three right figures make an input and no messages', () => {
    expect(validateSavingsForm({ lines: '5', bill: '£1,200', minutes: '3,000' })).toEqual({
      errors: {},
      input: { lines: 5, monthlyBillPounds: 1200, ukMinutes: 3000 },
    });
  });

  it('the limits themselves are allowed', () => {
    expect(validateSavingsForm({ lines: '1', bill: '0', minutes: '0' }).input).toEqual({ lines: 1, monthlyBillPounds: 0, ukMinutes: 0 });
    expect(validateSavingsForm({ lines: '500', bill: '100000', minutes: '1000000' }).input).toEqual({
      lines: 500,
      monthlyBillPounds: 100000,
      ukMinutes: 1000000,
    });
  });

  it('an empty field asks for its figure', () => {
    expect(validateSavingsForm({ lines: '', bill: ' ', minutes: '' })).toEqual({
      errors: { lines: savingsMessages.linesMissing, bill: savingsMessages.billMissing, minutes: savingsMessages.minutesMissing },
      input: null,
    });
  });

  it.each([
    ['lines', { lines: '0', bill: '10', minutes: '10' }, 'Phone lines must be a whole number from 1 to 500.'],
    ['lines', { lines: '501', bill: '10', minutes: '10' }, 'Phone lines must be a whole number from 1 to 500.'],
    ['lines', { lines: '2.5', bill: '10', minutes: '10' }, 'Phone lines must be a whole number from 1 to 500.'],
    ['bill', { lines: '1', bill: '49.99', minutes: '10' }, 'Your monthly bill must be a whole number of pounds from £0 to £100,000.'],
    ['bill', { lines: '1', bill: '100001', minutes: '10' }, 'Your monthly bill must be a whole number of pounds from £0 to £100,000.'],
    ['bill', { lines: '1', bill: '-5', minutes: '10' }, 'Your monthly bill must be a whole number of pounds from £0 to £100,000.'],
    ['minutes', { lines: '1', bill: '10', minutes: '1000001' }, 'Call minutes must be a whole number from 0 to 1,000,000.'],
    ['minutes', { lines: '1', bill: '10', minutes: 'lots' }, 'Call minutes must be a whole number from 0 to 1,000,000.'],
  ] as const)('%s: %j says “%s”', (field, form, message) => {
    const { errors, input } = validateSavingsForm(form);
    expect(errors).toEqual({ [field]: message });
    expect(input).toBeNull();
  });
});
