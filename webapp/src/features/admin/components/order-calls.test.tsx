import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { serviceOrder } from '../testing/fake-orders';
import { renderAppAt } from '../testing/render-admin';
import type { CallRecord, OrderCalls } from '../order-types';
import { formatDuration } from './order-calls';

afterEach(() => {
  vi.restoreAllMocks();
});

function record(overrides: Partial<CallRecord>): CallRecord {
  return {
    callId: 'call-1',
    direction: 'internal',
    from: 'ann101',
    to: '102',
    number: null,
    extension: 'ann101',
    startedAt: '2026-11-27T10:00:00Z',
    answeredAt: '2026-11-27T10:00:02Z',
    endedAt: '2026-11-27T10:01:07Z',
    durationSeconds: 65,
    outcome: 'answered',
    sipCode: 200,
    reason: 'OK',
    ...overrides,
  };
}

const CALLS: OrderCalls = {
  calls: [
    record({
      callId: 'call-3',
      direction: 'emergency',
      to: '999',
      number: '441614960000',
      startedAt: '2026-11-27T12:00:00Z',
      answeredAt: '2026-11-27T12:00:01Z',
      endedAt: '2026-11-27T12:03:01Z',
      durationSeconds: 180,
    }),
    record({
      callId: 'call-2',
      direction: 'outbound',
      to: '+447700900123',
      number: '441614960000',
      startedAt: '2026-11-27T11:00:00Z',
      answeredAt: null,
      endedAt: '2026-11-27T11:00:00Z',
      durationSeconds: 0,
      outcome: 'refused',
      sipCode: 403,
      reason: 'Service cancelled',
    }),
    record({}),
  ],
  outcomes: [
    { outcome: 'answered', calls: 2 },
    { outcome: 'busy', calls: 0 },
    { outcome: 'no answer', calls: 0 },
    { outcome: 'refused', calls: 1 },
    { outcome: 'failed', calls: 0 },
  ],
  total: 3,
};

const callsPanel = () => screen.findByRole('region', { name: 'Calls' }, { timeout: 3000 });

describe('an order’s calls on its page', () => {
  it('shows the calls by outcome as a chart and each call, newest first, in UK time', async () => {
    fakeAdminServer({ session: staffSession('support'), orders: [serviceOrder({ id: 'ann-1', calls: CALLS })] });
    renderAppAt('/admin/orders/service/ann-1');
    const panel = await callsPanel();
    const chart = await within(panel).findByRole('img', { name: /^Calls by outcome/ });
    expect(chart).toHaveAccessibleName('Calls by outcome: answered: 2, busy: 0, no answer: 0, refused: 1, failed: 0');
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['27 Nov 2026, 12:00:00', 'Emergency', 'ann101', '999', '+441614960000', 'answered', '3 min 00 s'],
      ['27 Nov 2026, 11:00:00', 'Out', 'ann101', '+447700900123', '+441614960000', 'refused (403 Service cancelled)', '—'],
      ['27 Nov 2026, 10:00:00', 'Extension to extension', 'ann101', '102', '—', 'answered', '1 min 05 s'],
    ]);
  });

  it('says when there are no calls yet, and offers to try again when they cannot be loaded', async () => {
    let fail = true;
    const server = fakeAdminServer({ session: staffSession(), orders: [serviceOrder({ id: 'ann-1' })] });
    const base = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (fail && request.url.includes('/calls')) return new Response('down', { status: 502 });
      return base(input, init);
    });
    renderAppAt('/admin/orders/service/ann-1');
    const panel = await callsPanel();
    expect(await within(panel).findByRole('alert')).toHaveTextContent('We could not load this order’s calls. Please try again.');
    fail = false;
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText(/^No calls yet\./)).toBeInTheDocument();
  });

  it('a hardware order has no calls panel', async () => {
    fakeAdminServer({ session: staffSession(), orders: [serviceOrder({ kind: 'hardware', id: 'hw-1', orderNumber: 'HW-100001' })] });
    renderAppAt('/admin/orders/hardware/hw-1');
    await screen.findByRole('list', { name: 'Events' }, { timeout: 3000 });
    expect(screen.queryByRole('region', { name: 'Calls' })).toBeNull();
  });

  it('formats durations as staff read them', () => {
    expect([formatDuration(0), formatDuration(42), formatDuration(60), formatDuration(3605), formatDuration(null)]).toEqual([
      '0 s',
      '42 s',
      '1 min 00 s',
      '60 min 05 s',
      'In progress',
    ]);
  });
});
