import { describe, expect, it } from 'vitest';
import { internationalPortingQuote, normalisePac, pacError, transferKind, transferMessages } from './transfer-rules';

describe('transferKind', () => {
  it('tells UK mobiles in every form the server takes', () => {
    for (const typed of ['07700 900123', '+44 7700 900123', '0044 7700 900123', '447700900123', '(07700) 900-123']) {
      expect(transferKind(typed), typed).toBe('mobile');
    }
  });

  it('tells other UK numbers', () => {
    for (const typed of ['020 7946 0123', '+44 161 496 0000', '0800 123 4567', '0044 3069 990000']) {
      expect(transferKind(typed), typed).toBe('uk');
    }
  });

  it('tells numbers from abroad by their + or 00 and a country code other than 44', () => {
    for (const typed of ['+1 212 555 0100', '0033 1 23 45 67 89', '+353 1 234 5678']) {
      expect(transferKind(typed), typed).toBe('foreign');
    }
  });

  it('is unknown until it is a number', () => {
    for (const typed of ['', '07', 'abc', '+', '0770090012345678']) expect(transferKind(typed), typed).toBe('unknown');
  });
});

describe('PAC codes', () => {
  it('accepts 3 letters then 6 digits, in lower case and with spaces, normalised to upper case', () => {
    expect(normalisePac('ABC123456')).toBe('ABC123456');
    expect(normalisePac(' abc 123 456 ')).toBe('ABC123456');
    expect(normalisePac('abc-123456')).toBe('ABC123456');
    expect(pacError('abc 123 456')).toBeUndefined();
  });

  it('refuses anything else with the server’s message, and asks for a missing one', () => {
    for (const typed of ['AB1234567', 'ABCD12345', 'ABC12345', 'ABC1234567', '123ABC456', 'ÄBC123456']) {
      expect(normalisePac(typed), typed).toBeNull();
      expect(pacError(typed), typed).toBe(transferMessages.pacInvalid);
    }
    expect(pacError('   ')).toBe(transferMessages.pacRequired);
  });
});

describe('internationalPortingQuote', () => {
  it('links the quote page with the subject and the number filled in', () => {
    const url = new URL(internationalPortingQuote(' +33 1 23 45 67 89 '), 'https://example.test');
    expect(url.pathname).toBe('/quote');
    expect(url.searchParams.get('product')).toBe('internationalPorting');
    expect(url.searchParams.get('number')).toBe('+33 1 23 45 67 89');
  });
});
