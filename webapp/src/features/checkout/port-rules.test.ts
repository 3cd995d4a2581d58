import { describe, expect, it } from 'vitest';
import { EMAIL_POLL_MS } from '../../components/email-status';
import { formatPortDate, orderPollInterval, PORT_POLL_MS, portDetailsErrors, portStepIndex, ukPostcode } from './port-rules';
import { portFixture } from './testing/fixtures';
import type { PortDetailsForm, PortState } from './types';

const valid: PortDetailsForm = { accountHolder: 'Acme Plumbing Ltd', currentProvider: 'BT', billingPostcode: 'SW1A 1AA', signedName: 'Jane Smith', authorised: true };

describe('the thank-you page’s polling', () => {
  const port = (state: PortState) => portFixture({ state });

  it('asks every few seconds until the confirmation e-mail settles, also before the order has loaded', () => {
    expect(orderPollInterval(undefined)).toBe(EMAIL_POLL_MS);
    expect(orderPollInterval({ emailStatus: 'queued', ports: [] })).toBe(EMAIL_POLL_MS);
    expect(orderPollInterval({ emailStatus: 'retrying', ports: [port('completed')] })).toBe(EMAIL_POLL_MS);
    expect(orderPollInterval({ emailStatus: null })).toBe(EMAIL_POLL_MS);
  });

  it('then every 30 seconds while a transfer is open', () => {
    for (const state of ['requested', 'detailsConfirmed', 'submitted', 'dateSet'] as const) {
      expect(orderPollInterval({ emailStatus: 'sent', ports: [port('completed'), port(state)] })).toBe(PORT_POLL_MS);
    }
    expect(orderPollInterval({ emailStatus: 'kept', ports: [port('submitted')] })).toBe(30_000);
  });

  it('else not at all: no transfers, or all transferred or rejected', () => {
    expect(orderPollInterval({ emailStatus: 'sent' })).toBe(0);
    expect(orderPollInterval({ emailStatus: 'failed', ports: [] })).toBe(0);
    expect(orderPollInterval({ emailStatus: 'sent', ports: [port('completed'), port('rejected')] })).toBe(0);
  });
});

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
    expect(portDetailsErrors(valid)).toEqual({});
    expect(portDetailsErrors({ ...valid, accountHolder: `  ${'a'.repeat(50)}     ${'b'.repeat(49)} ` })).toEqual({});
    expect(portDetailsErrors({ accountHolder: ' ', currentProvider: '', billingPostcode: 'nope', signedName: '\t', authorised: false })).toEqual({
      accountHolder: 'Enter the account holder’s name exactly as your current provider has it.',
      currentProvider: 'Enter the name of your current phone provider.',
      billingPostcode: 'Enter the billing postcode of the current account as a UK postcode, like SW1A 1AA.',
      signedName: 'Type your full name to sign the letter of authority.',
      authorised: 'Tick the box to authorise the transfer: your current provider needs your authority to release the number.',
    });
    const long = 'x'.repeat(101);
    expect(portDetailsErrors({ ...valid, accountHolder: long, currentProvider: long, signedName: long })).toEqual({
      accountHolder: 'The account holder’s name can be at most 100 characters.',
      currentProvider: 'The provider’s name can be at most 100 characters.',
      signedName: 'Your name can be at most 100 characters.',
    });
  });
});

describe('where a transfer stands', () => {
  it('each state at its step; a rejected one back at the first, waiting for corrected details', () => {
    expect((['requested', 'detailsConfirmed', 'submitted', 'dateSet', 'completed', 'rejected'] as const).map(portStepIndex)).toEqual([0, 1, 2, 3, 4, 0]);
  });

  it('the day a number moves, in words', () => {
    expect(formatPortDate('2026-12-01')).toBe('Tuesday 1 December 2026');
    expect(formatPortDate('2027-03-28')).toBe('Sunday 28 March 2027');
    expect(formatPortDate('soon')).toBe('soon');
  });
});
