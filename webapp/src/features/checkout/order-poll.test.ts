import { describe, expect, it } from 'vitest';
import { EMAIL_POLL_MS } from '../../components/email-status';
import type { TransferState } from '../../lib/api-types';
import { orderPollInterval, TRANSFER_POLL_MS } from './order-poll';
import { transferFixture } from './testing/fixtures';

describe('the thank-you page’s polling', () => {
  const port = (state: TransferState) => transferFixture({ state });

  it('asks every few seconds until the confirmation e-mail settles, also before the order has loaded', () => {
    expect(orderPollInterval(undefined)).toBe(EMAIL_POLL_MS);
    expect(orderPollInterval({ emailStatus: 'queued', ports: [] })).toBe(EMAIL_POLL_MS);
    expect(orderPollInterval({ emailStatus: 'retrying', ports: [port('completed')] })).toBe(EMAIL_POLL_MS);
    expect(orderPollInterval({ emailStatus: null })).toBe(EMAIL_POLL_MS);
  });

  it('then every 30 seconds while a transfer is open', () => {
    for (const state of ['requested', 'detailsConfirmed', 'submitted', 'dateSet'] as const) {
      expect(orderPollInterval({ emailStatus: 'sent', ports: [port('completed'), port(state)] })).toBe(TRANSFER_POLL_MS);
    }
    expect(orderPollInterval({ emailStatus: 'kept', ports: [port('submitted')] })).toBe(30_000);
  });

  it('else not at all: no transfers, or all transferred or rejected', () => {
    expect(orderPollInterval({ emailStatus: 'sent' })).toBe(0);
    expect(orderPollInterval({ emailStatus: 'failed', ports: [] })).toBe(0);
    expect(orderPollInterval({ emailStatus: 'sent', ports: [port('completed'), port('rejected')] })).toBe(0);
  });
});
