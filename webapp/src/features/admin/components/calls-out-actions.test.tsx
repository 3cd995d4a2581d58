import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { serviceOrder } from '../testing/fake-orders';
import { renderAppAt } from '../testing/render-admin';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('calls out on a service order’s page', () => {
  it('lets an admin suspend calls out with a reason and restore them', async () => {
    const order = serviceOrder({ id: 'so-1', callsOut: { suspended: null, cause: null } });
    const server = fakeAdminServer({ session: staffSession('admin'), orders: [order] });
    renderAppAt('/admin/orders/service/so-1');
    const user = userEvent.setup();
    let form = await screen.findByRole('form', { name: 'Calls out' }, { timeout: 3000 });
    expect(form).toHaveTextContent('Calls out go.');

    // No reason: said at once, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Suspend calls out' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the reason on one line');
    const posts = () => server.calls.filter((call) => call.method === 'POST' && /calls-out$/.test(call.url.pathname)).map((call) => call.url.pathname);
    expect(posts()).toEqual([]);

    await user.type(within(form).getByLabelText(/^Reason/), 'Unusual calls abroad: call us');
    await user.click(within(form).getByRole('button', { name: 'Suspend calls out' }));
    expect(await screen.findByText(/^Calls out suspended: the phones/, {}, { timeout: 3000 })).toHaveAttribute('role', 'status');
    expect(screen.getByRole('list', { name: 'Events' })).toHaveTextContent('Calls out suspended by');
    form = screen.getByRole('form', { name: 'Calls out' });
    expect(form).toHaveTextContent('Suspended (staff): "Unusual calls abroad: call us".');

    await user.type(within(form).getByLabelText(/^Reason/), 'Spoke to the customer');
    await user.click(within(form).getByRole('button', { name: 'Restore calls out' }));
    expect(await screen.findByText('Calls out restored.', {}, { timeout: 3000 })).toHaveAttribute('role', 'status');
    expect(posts()).toEqual(['/api/admin/orders/service/so-1/suspend-calls-out', '/api/admin/orders/service/so-1/restore-calls-out']);
    expect(screen.getByRole('form', { name: 'Calls out' })).toHaveTextContent('Calls out go.');
  });

  it('is not offered without the server’s say-so (support staff, or no account yet)', async () => {
    fakeAdminServer({ session: staffSession('support'), orders: [serviceOrder({ id: 'so-2' })] });
    renderAppAt('/admin/orders/service/so-2');
    await screen.findByRole('list', { name: 'Events' }, { timeout: 3000 });
    expect(screen.queryByRole('form', { name: 'Calls out' })).toBeNull();
  });
});
