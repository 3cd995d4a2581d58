import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../testing/mock-fetch';
import type { FraudAccount, FraudAccountRow, FraudOverview } from '../fraud-types';
import { fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { refusal } from '../testing/refusal';
import { renderAppAt } from '../testing/render-admin';

afterEach(() => {
  vi.restoreAllMocks();
});

const ID = '0a000000-0000-4000-8000-000000000001';

function row(overrides: Partial<FraudAccountRow> = {}): FraudAccountRow {
  return {
    owner: ID,
    kind: 'service',
    id: ID,
    orderNumber: 'SB-123456',
    callsLastHour: 4,
    callsInProgress: 1,
    callsToday: 12,
    spendTodayTenths: 18_000,
    capTenths: 20_000,
    capSetByStaff: false,
    capUsedPercent: 90,
    refusedToday: 3,
    refusalsToday: [{ reason: 'Too many calls at once: end a call first', count: 3 }],
    suspended: null,
    ...overrides,
  };
}

const overview = (accounts: FraudAccountRow[]): FraudOverview => ({
  day: '2026-12-01',
  accounts,
  totals: { accounts: accounts.length, callsLastHour: 4, callsInProgress: 1, spendTodayTenths: 18_000, refusedToday: 3, nearCap: 1, suspended: 0 },
});

function account(overrides: Partial<FraudAccountRow> = {}): FraudAccount {
  return {
    day: '2026-12-01',
    account: row(overrides),
    tariff: 'credit',
    callsInProgress: [],
    usage: ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'].map((day, index) => ({
      day,
      calls: index,
      seconds: index * 60,
      minutes: index,
      spendTenths: index * 83,
    })),
    refusals: [{ reason: 'Too many calls at once: end a call first', today: 3, week: 5 }],
    capChangeable: true,
  };
}

describe('the fraud panel (/admin/fraud)', () => {
  it('lists the accounts nearest their cap with the totals and a bar of spend against the cap', async () => {
    fakeAdminServer({
      session: staffSession('support'),
      extra: {
        'GET /api/admin/fraud': () => jsonResponse(overview([row(), row({ owner: 'trial:t-1', kind: 'trial', id: 't-1', orderNumber: 'TR-T1', capUsedPercent: 0, spendTodayTenths: 0, suspended: 'Trial ended' })])),
      },
    });
    renderAppAt('/admin/fraud');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fraud' }, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'SB-123456: £18.00 of £20.00 (90%)' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Accounts calling out, nearest their daily cap first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Too many calls at once: end a call first: 3');
    expect(rows[1]).toHaveTextContent('Suspended: Trial ended');
    expect(within(rows[1]).getByRole('link', { name: 'TR-T1' })).toHaveAttribute('href', '/admin/fraud/trial/t-1');
  });

  it('says what to do when no account calls out yet', async () => {
    fakeAdminServer({ session: staffSession('support'), extra: { 'GET /api/admin/fraud': () => jsonResponse(overview([])) } });
    renderAppAt('/admin/fraud');
    expect(await screen.findByText(/No calls out today yet\. An account shows here as soon as it calls out/, undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows support staff an account with no cap form, and who may change it', async () => {
    fakeAdminServer({ session: staffSession('support'), extra: { [`GET /api/admin/fraud/service/${ID}`]: () => jsonResponse(account()) } });
    renderAppAt(`/admin/fraud/service/${ID}`);
    expect(await screen.findByText('Only admins can change the daily cap. Ask an admin if this account needs a different one.', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Daily cap (£)')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Calls out a day: / })).toBeInTheDocument();
    expect(screen.getByText('No calls out in progress.')).toBeInTheDocument();
  });

  it('lets an admin set the cap in pounds, sent as pence, and shows a refusal in words that say what to enter', async () => {
    const sent: unknown[] = [];
    fakeAdminServer({
      session: staffSession('admin'),
      extra: {
        [`GET /api/admin/fraud/service/${ID}`]: () => jsonResponse(account()),
        [`POST /api/admin/fraud/service/${ID}/daily-cap`]: async (request: Request) => {
          const body = (await request.json()) as { pence: number };
          sent.push(body);
          if (body.pence > 100_000) return refusal(422, 'spend_cap_out_of_range', 'Give the daily cap in whole pence from 0 to 100000 (£0 to £1,000).');
          return jsonResponse(account({ capTenths: body.pence * 10, capSetByStaff: true, capUsedPercent: 36 }));
        },
      },
    });
    renderAppAt(`/admin/fraud/service/${ID}`);
    const field = await screen.findByLabelText('Daily cap (£)', undefined, { timeout: 3000 });
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'lots');
    await user.click(screen.getByRole('button', { name: 'Set daily cap' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the daily cap in pounds, e.g. 50 or 12.50, from £0 to £1,000.');
    expect(sent).toEqual([]);
    await user.clear(field);
    await user.type(field, '5000');
    await user.click(screen.getByRole('button', { name: 'Set daily cap' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The daily cap must be from £0 to £1,000: enter a smaller amount');
    await user.clear(field);
    await user.type(field, '50');
    await user.click(screen.getByRole('button', { name: 'Set daily cap' }));
    expect(await screen.findByText(/^Daily cap set to £50\.00\./)).toBeInTheDocument();
    expect(sent).toEqual([{ pence: 500_000 }, { pence: 5000 }]);
    expect(screen.getByText('£50.00 (set by staff)')).toBeInTheDocument();
  });
});
