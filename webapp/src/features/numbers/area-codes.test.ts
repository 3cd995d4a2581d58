import { describe, expect, it } from 'vitest';
import { searchParams } from './api';
import { COUNTRIES, firstAreaCode, matchesAreaCode, normaliseAreaCode, UK_AREA_CODES } from './area-codes';
import { filterByAreaCode } from './routes/uk-numbers-page';
import { stockNumber } from './testing/fake-number-server';

describe('client-side area-code filter', () => {
  it('filters nothing with no code or with 020', () => {
    expect(matchesAreaCode('01614960000', undefined)).toBe(true);
    expect(matchesAreaCode('01614960000', '')).toBe(true);
    expect(matchesAreaCode('01614960000', '020')).toBe(true);
    expect(matchesAreaCode('+441214960000', '020')).toBe(true);
  });

  it('matches a number that starts with the code', () => {
    expect(matchesAreaCode('01614960000', '0161')).toBe(true);
    expect(matchesAreaCode('0161 496 0000', '0161')).toBe(true);
    expect(matchesAreaCode('01214960000', '0161')).toBe(false);
  });

  it('matches the +44 form turned into a leading 0 (also 44... and 0044...)', () => {
    expect(matchesAreaCode('+441614960000', '0161')).toBe(true);
    expect(matchesAreaCode('441614960000', '0161')).toBe(true);
    expect(matchesAreaCode('00441614960000', '0161')).toBe(true);
    expect(matchesAreaCode('+441214960000', '0161')).toBe(false);
  });

  it('matches a number that lacks the leading 0 the code has', () => {
    expect(matchesAreaCode('1614960000', '0161')).toBe(true);
    expect(matchesAreaCode('1214960000', '0161')).toBe(false);
  });

  it('filters search results on their national and E.164 forms', () => {
    const manchester = stockNumber('01614960000');
    const leeds = stockNumber('01134960000');
    const bare = { value: '1614960001', displayValue: '1614960001' };
    expect(filterByAreaCode([manchester, leeds, bare], '0161')).toEqual([manchester, bare]);
    expect(filterByAreaCode([manchester, leeds], '020')).toEqual([manchester, leeds]);
    expect(filterByAreaCode([{ value: '441134960000', displayValue: 'x' }], '0113')).toHaveLength(1);
  });
});

describe('area-code normalisation for requests', () => {
  it('adds the leading 0 for GB only', () => {
    expect(normaliseAreaCode('GB', '161')).toBe('0161');
    expect(normaliseAreaCode('GB', '0161')).toBe('0161');
    expect(normaliseAreaCode('US', '212')).toBe('212');
    expect(normaliseAreaCode('FR', '1')).toBe('1');
    expect(normaliseAreaCode('IT', '06')).toBe('06');
  });

  it('keeps digits only', () => {
    expect(normaliseAreaCode('US', ' (212) ')).toBe('212');
    expect(normaliseAreaCode('GB', ' 01 61')).toBe('0161');
    expect(normaliseAreaCode('GB', '')).toBe('');
  });

  it('is applied to the query string', () => {
    expect(searchParams({ countryCode: 'GB', perPage: 50, areaCode: '161', run: 1 }, { page: 2, after: '01614960049' })).toEqual({
      page: 2, after: '01614960049', per_page: 50, country_code: 'GB', areaCode: '0161', numberType: undefined, mobile_prefix: undefined,
    });
    expect(searchParams({ countryCode: 'US', perPage: 20, mobilePrefix: '07', run: 0 }, { page: 1 })).toEqual({
      page: 1, after: undefined, per_page: 20, country_code: 'US', areaCode: undefined, numberType: undefined, mobile_prefix: undefined,
    });
  });
});

describe('area code lists', () => {
  it('the UK dropdown: 020 first, the listed geographic codes, then 0800 and 0808', () => {
    expect(UK_AREA_CODES.map((option) => option.value)).toEqual([
      '020', '0161', '0121', '0131', '0141', '0151', '0113', '0114', '0117', '0118', '0116', '0115', '029',
      '01202', '01204', '01206', '01223', '01225', '01244', '01253', '01254', '01256', '01270', '01273', '01274',
      '0800', '0808',
    ]);
  });

  it('eight countries, each defaulting to its first area code', () => {
    expect(COUNTRIES.map((country) => country.value)).toEqual(['GB', 'US', 'CA', 'FR', 'DE', 'ES', 'IT', 'IE']);
    expect(firstAreaCode('US')).toBe('212');
    expect(firstAreaCode('FR')).toBe('1');
    expect(firstAreaCode('GB')).toBe('020');
    expect(firstAreaCode('IT')).toBe('06');
  });
});
