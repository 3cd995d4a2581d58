import { describe, expect, it } from 'vitest';
import { internationalPortingQuote, normalisePac, pacError, transferKind, transferMessages } from './transfer-rules';
import { formatTransferDate, transferDetailsErrors, transferStepIndex, ukPostcode } from './transfer-rules';
import type { TransferDetails } from './api-types';

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

const valid: TransferDetails = { accountHolder: 'Acme Plumbing Ltd', currentProvider: 'BT', billingPostcode: 'SW1A 1AA', signedName: 'Jane Smith', authorised: true };

describe('transfer details', () => {
  it('UK postcodes as the server reads them', () => {
    expect(ukPostcode('sw1a 1aa')).toBe('SW1A 1AA');
    expect(ukPostcode(' SW1A1AA ')).toBe('SW1A 1AA');
    expect(ukPostcode('m1 1ae')).toBe('M1 1AE');
    expect(ukPostcode('B33 8TH')).toBe('B33 8TH');
    expect(ukPostcode('CR2 6XH')).toBe('CR2 6XH');
    expect(ukPostcode('DN55 1PT')).toBe('DN55 1PT');
    expect(ukPostcode('W1A 0AX')).toBe('W1A 0AX');
    for (const bad of ['', '12345', 'SW1A  1AA', 'SW1A-1AA', 'A99A 1AA', 'SW1A 1A', '1AA', 'SW1A 1ẞA', 'SW1A 1ßA']) {
      expect(ukPostcode(bad), bad).toBeNull();
    }
  });

  it('every field is needed, names at most 100 characters (spaces squeezed), and the box ticked', () => {
    expect(transferDetailsErrors(valid)).toEqual({});
    expect(transferDetailsErrors({ ...valid, accountHolder: `  ${'a'.repeat(50)}     ${'b'.repeat(49)} ` })).toEqual({});
    expect(transferDetailsErrors({ accountHolder: ' ', currentProvider: '', billingPostcode: 'nope', signedName: '\t', authorised: false })).toEqual({
      accountHolder: 'Enter the account holder’s name exactly as your current provider has it.',
      currentProvider: 'Enter the name of your current phone provider.',
      billingPostcode: 'Enter the billing postcode of the current account as a UK postcode, like SW1A 1AA.',
      signedName: 'Type your full name to sign the letter of authority.',
      authorised: 'Tick the box to authorise the transfer: your current provider needs your authority to release the number.',
    });
    const long = 'x'.repeat(101);
    expect(transferDetailsErrors({ ...valid, accountHolder: long, currentProvider: long, signedName: long })).toEqual({
      accountHolder: 'The account holder’s name can be at most 100 characters.',
      currentProvider: 'The provider’s name can be at most 100 characters.',
      signedName: 'Your name can be at most 100 characters.',
    });
  });
});

describe('where a transfer stands', () => {
  it('each state at its step; a rejected one back at the first, waiting for corrected details', () => {
    expect((['requested', 'detailsConfirmed', 'submitted', 'dateSet', 'completed', 'rejected'] as const).map(transferStepIndex)).toEqual([0, 1, 2, 3, 4, 0]);
  });

  it('the day a number moves, in words', () => {
    expect(formatTransferDate('2026-12-01')).toBe('Tuesday 1 December 2026');
    expect(formatTransferDate('2027-03-28')).toBe('Sunday 28 March 2027');
    expect(formatTransferDate('soon')).toBe('soon');
  });
});
