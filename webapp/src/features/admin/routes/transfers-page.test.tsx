import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { fakeTransfer, serviceOrder } from '../testing/fake-orders';
import { refusal } from '../testing/refusal';
import { renderAppAt } from '../testing/render-admin';

afterEach(() => {
  vi.restoreAllMocks();
});

const table = () => screen.getByRole('table', { name: 'Open transfers, longest waiting first' });

describe('open transfers (/admin/transfers)', () => {
  it('lists the open transfers oldest first, with the overdue count, each linked to its order', async () => {
    fakeAdminServer({
      session: staffSession('support'),
      orders: [
        serviceOrder({
          id: 'ann-1',
          orderNumber: 'SB-111111',
          ports: [
            fakeTransfer({ state: 'submitted', requestedAt: '2026-11-23T10:01:00Z', businessDaysOpen: 1 }),
            fakeTransfer({ number: '01614960000', state: 'completed', requestedAt: '2026-11-01T10:00:00Z' }),
          ],
        }),
        serviceOrder({
          id: 'bob-1',
          orderNumber: 'SB-222222',
          email: 'bob@example.com',
          ports: [fakeTransfer({ number: '01174960000', state: 'dateSet', date: '2026-12-01', requestedAt: '2026-11-16T09:00:00Z', businessDaysOpen: 6, overdue: true })],
        }),
      ],
    });
    const { history } = renderAppAt('/admin/transfers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfers' }, { timeout: 3000 })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Open transfers, longest waiting first' });
    expect(document.title).toMatch(/^Transfers/);
    expect(screen.getByText('2 open transfers, 1 overdue (open more than 3 business days)')).toBeInTheDocument();
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Order', 'Number', 'State', 'Requested (UK time)', 'Open for']);
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['SB-222222bob@example.com', '01174960000', 'Transfer date setMoves Tue, 1 Dec 2026', '16 Nov 2026, 09:00:00', '6 business days Overdue'],
      ['SB-111111ann@example.com', '02079460123', 'Submitted to your current provider', '23 Nov 2026, 10:01:00', '1 business day'],
    ]);
    expect(within(rows[0]).getByText('Overdue')).toHaveClass('admin-badge');
    expect(within(rows[1]).queryByText('Overdue')).not.toBeInTheDocument();

    // The header marks the page; an order number opens the order.
    const nav = screen.getByRole('navigation', { name: 'Staff pages' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Orders', 'Transfers', 'Fraud', 'Hardware', 'Mail', 'Quotes', 'Analytics']);
    expect(within(nav).getByRole('link', { name: 'Transfers' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(within(rows[0]).getByRole('link', { name: 'SB-222222' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'SB-222222' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/orders/service/bob-1');
    expect(screen.getByRole('article', { name: 'Transfer of 01174960000' })).toHaveTextContent('Transfer date set');
  });

  it('says when no transfer is waiting', async () => {
    fakeAdminServer({ session: staffSession('admin'), orders: [serviceOrder({ ports: [fakeTransfer({ state: 'completed' })] })] });
    renderAppAt('/admin/transfers');
    expect(await screen.findByText('No transfers waiting.', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a list that could not load says so, with Try again', async () => {
    fakeAdminServer({ session: staffSession('support'), extra: { 'GET /api/admin/transfers': () => refusal(500, 'internal', 'Something went wrong on our side. Please try again.') } });
    renderAppAt('/admin/transfers');
    expect(await screen.findByRole('alert', undefined, { timeout: 3000 })).toHaveTextContent('We could not load the transfers. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a visitor who is not signed in is sent to sign in and back', async () => {
    fakeAdminServer({ session: null });
    const { history } = renderAppAt('/admin/transfers');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' }, { timeout: 3000 });
    expect(history.location.pathname).toBe('/admin/login');
    expect(history.location.search).toBe('?next=%2Fadmin%2Ftransfers');
  });
});
