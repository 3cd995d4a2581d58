import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN, fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { serviceOrder } from '../testing/fake-orders';
import { renderAppAt } from '../testing/render-admin';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A paid order of two £64 phones by economy delivery: £165.60 paid. */
function paidHardwareOrder(perform: boolean) {
  return serviceOrder({
    kind: 'hardware',
    id: 'hw-1',
    orderNumber: 'HW-123456',
    refund: {
      left: 16560,
      perform,
      lines: [{ productId: 'yealink-t54w', name: 'Yealink T54W', unitPrice: 6400, quantity: 2, quantityLeft: 2 }],
    },
  });
}

async function openOrder(role: 'admin' | 'support') {
  const server = fakeAdminServer({ session: staffSession(role), orders: [paidHardwareOrder(role === 'admin')] });
  renderAppAt('/admin/orders/hardware/hw-1');
  const form = await screen.findByRole('form', { name: 'Refund' }, { timeout: 3000 });
  const posts = () =>
    server.calls
      .filter((call) => call.method === 'POST' && /\/(refund|propose-refund)$/.test(call.url.pathname))
      .map((call) => ({ path: call.url.pathname, body: JSON.parse(call.body) as unknown, csrf: call.headers?.get('X-CSRF-Token') }));
  return { form, posts, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, quantity: string, reason: string) {
  await user.click(within(form).getByLabelText('Some desk phones (a return)'));
  await user.clear(within(form).getByLabelText('Quantity to refund'));
  await user.type(within(form).getByLabelText('Quantity to refund'), quantity);
  if (reason) await user.type(within(form).getByLabelText(/^Reason/), reason);
}

describe('refunds on a hardware order’s page', () => {
  it('lets an admin refund one phone after a confirmation, and shows the server’s refusal of more than is left', async () => {
    const { form, posts, user } = await openOrder('admin');
    expect(form).toHaveTextContent('£165.60 of what the buyer paid is left to refund.');
    expect(within(form).getByLabelText('Desk phone')).toHaveTextContent('Yealink T54W (2 of 2 left to refund, £64.00 each before VAT)');

    // No reason: said at once, nothing sent.
    await fill(user, form, '1', '');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the reason for the refund: the buyer’s e-mail quotes it.');
    expect(posts()).toEqual([]);

    // Three of two: the server's message.
    await fill(user, form, '3', 'Returned unused');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('Refund 3 x Yealink T54W on HW-123456? Stripe gives the money back to the buyer’s card and the buyer is e-mailed. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund now' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only 2 of the Yealink T54W on this order can still be refunded: lower the quantity. Nothing was refunded.');

    await user.clear(within(form).getByLabelText('Quantity to refund'));
    await user.type(within(form).getByLabelText('Quantity to refund'), '1');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Refund this order?' })).getByRole('button', { name: 'Refund now' }));
    expect(await screen.findByText(/^Refund of £76\.80 made/, {}, { timeout: 3000 })).toHaveAttribute('role', 'status');
    expect(posts().at(-1)).toEqual({
      path: '/api/admin/orders/hardware/hw-1/refund',
      body: { lines: [{ productId: 'yealink-t54w', quantity: 1 }], reason: 'Returned unused' },
      csrf: CSRF_TOKEN,
    });
    expect(screen.getByRole('list', { name: 'Events' })).toHaveTextContent('Refunded £76.80 by');
    expect(within(screen.getByRole('form', { name: 'Refund' })).getByLabelText('Desk phone')).toHaveTextContent('(1 of 2 left to refund');
  }, 30_000);

  it('lets support staff propose a refund, sent without a confirmation, and never refund', async () => {
    const { form, posts, user } = await openOrder('support');
    expect(form).toHaveTextContent('Support staff propose a refund: an admin carries it out.');
    expect(within(form).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    await user.click(within(form).getByLabelText(/^The whole order/));
    await user.type(within(form).getByLabelText(/^Reason/), 'Never delivered');
    await user.click(within(form).getByRole('button', { name: 'Propose refund' }));
    expect(
      await screen.findByText('Refund proposed: it is in the order’s history for an admin to carry out. Nothing has been refunded yet.', {}, { timeout: 3000 }),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts()).toEqual([{ path: '/api/admin/orders/hardware/hw-1/propose-refund', body: { reason: 'Never delivered' }, csrf: CSRF_TOKEN }]);
  }, 30_000);
});
