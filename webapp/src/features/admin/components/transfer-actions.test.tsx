import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN, fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { fakeTransfer, serviceOrder, type FakePort } from '../testing/fake-orders';
import { refusal } from '../testing/refusal';
import { renderAppAt } from '../testing/render-admin';

afterEach(() => {
  vi.restoreAllMocks();
});

const transfers = () => within(screen.getByRole('region', { name: 'Staff actions' })).getByRole('heading', { level: 3, name: 'Number transfers' }).parentElement as HTMLElement;
const transferBlock = (number = '02079460123') => screen.getByRole('article', { name: `Transfer of ${number}` });
const buttonsOf = (block: HTMLElement) => within(block).queryAllByRole('button').map((button) => button.textContent);
/** The label and value rows of a block's details. */
const detailsOf = (block: HTMLElement) => [...block.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);

async function openOrderWithPorts(ports: FakePort[], role: 'admin' | 'support' = 'support') {
  const order = serviceOrder({ id: 'ann-1', ports });
  const server = fakeAdminServer({ session: staffSession(role), orders: [order] });
  renderAppAt('/admin/orders/service/ann-1');
  await screen.findByRole('list', { name: 'Events' }, { timeout: 3000 });
  const posts = () =>
    server.calls
      .filter((call) => call.method === 'POST' && call.url.pathname.endsWith('/port'))
      .map((call) => ({ path: call.url.pathname, body: JSON.parse(call.body) as unknown, csrf: call.headers?.get('X-CSRF-Token') }));
  return { server, posts, user: userEvent.setup() };
}

describe('number transfers on an order’s page', () => {
  it('shows a mobile’s PAC code in place of the letter of authority', async () => {
    await openOrderWithPorts([
      fakeTransfer({ number: '07700900123', pac: 'ABC123456', accountHolder: null, currentProvider: null, billingPostcode: null, signedName: null, signedAt: null }),
    ]);
    const mobile = transferBlock('07700900123');
    expect(detailsOf(mobile)).toEqual([['PAC code', 'ABC123456']]);
    expect(buttonsOf(mobile)).toEqual(['Submit to provider', 'Reject']);
  });

  it('shows each transfer’s state, age, the details the losing provider needs, and only the steps the server allows', async () => {
    await openOrderWithPorts([
      fakeTransfer(),
      fakeTransfer({ number: '01614960000', state: 'requested', accountHolder: null, currentProvider: null, billingPostcode: null, signedName: null, signedAt: null, businessDaysOpen: 4, overdue: true }),
    ]);
    expect(within(transfers()).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual([
      'Transfer of 02079460123',
      'Transfer of 01614960000',
    ]);

    const confirmed = transferBlock();
    expect(confirmed).toHaveTextContent('Details confirmed · open 1 business day');
    expect(within(confirmed).queryByText('Overdue')).not.toBeInTheDocument();
    expect(detailsOf(confirmed)).toEqual([
      ['Account holder', 'Acme Plumbing Ltd'],
      ['Current provider', 'BT'],
      ['Billing postcode', 'SW1A 1AA'],
      ['Signed by', 'Ann Smith'],
      ['Signed at (UK time)', '23 Nov 2026, 10:05:00'],
    ]);
    expect(buttonsOf(confirmed)).toEqual(['Submit to provider', 'Reject']);
    expect(within(confirmed).queryByLabelText('Transfer date')).not.toBeInTheDocument();
    expect(within(confirmed).getByLabelText('Reason for rejecting')).toBeRequired();

    // Waiting for the buyer: no steps, and it says so; past the promise it is flagged in words.
    const waiting = transferBlock('01614960000');
    expect(waiting).toHaveTextContent('Waiting for your details · open 4 business days Overdue');
    expect(within(waiting).getByText('Overdue')).toHaveClass('admin-badge');
    expect(buttonsOf(waiting)).toEqual([]);
    expect(waiting).toHaveTextContent('Nothing to do yet: waiting for the buyer’s details and signed letter of authority.');
  });

  it('a date set: Set date (again) and Mark transferred; the date input starts today', async () => {
    await openOrderWithPorts([fakeTransfer({ state: 'dateSet', date: '2026-12-01' })]);
    const block = transferBlock();
    expect(buttonsOf(block)).toEqual(['Mark transferred', 'Set date', 'Reject']);
    expect(within(block).getByLabelText('Transfer date')).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(detailsOf(block)).toContainEqual(['Transfer date', 'Tue, 1 Dec 2026']);
  });

  it('staff submit, set the date and mark it transferred: each step posted with the CSRF token, the fresh history shown', async () => {
    const { posts, user, server } = await openOrderWithPorts([fakeTransfer()]);
    await user.click(within(transferBlock()).getByRole('button', { name: 'Submit to provider' }));
    expect(await screen.findByText('Transfer of 02079460123 submitted to the provider; the buyer has been e-mailed.')).toHaveAttribute('role', 'status');
    expect(transferBlock()).toHaveTextContent('Submitted to your current provider');
    expect(buttonsOf(transferBlock())).toEqual(['Set date', 'Reject']);

    // A date is needed, then any day from today.
    await user.click(within(transferBlock()).getByRole('button', { name: 'Set date' }));
    expect(within(transferBlock()).getByRole('alert')).toHaveTextContent('Pick the transfer date the losing provider set.');
    await user.type(within(transferBlock()).getByLabelText('Transfer date'), '2099-12-01');
    await user.click(within(transferBlock()).getByRole('button', { name: 'Set date' }));
    expect(await within(transferBlock()).findByText('Mark transferred')).toBeInTheDocument();
    expect(detailsOf(transferBlock())).toContainEqual(['Transfer date', 'Tue, 1 Dec 2099']);

    await user.click(within(transferBlock()).getByRole('button', { name: 'Mark transferred' }));
    expect(await within(transferBlock()).findByText('Transferred: nothing more to do.')).toBeInTheDocument();
    expect(buttonsOf(transferBlock())).toEqual([]);

    expect(posts()).toEqual([
      { path: '/api/admin/orders/service/ann-1/port', body: { number: '02079460123', step: 'submit' }, csrf: CSRF_TOKEN },
      { path: '/api/admin/orders/service/ann-1/port', body: { number: '02079460123', step: 'setDate', date: '2099-12-01' }, csrf: CSRF_TOKEN },
      { path: '/api/admin/orders/service/ann-1/port', body: { number: '02079460123', step: 'complete' }, csrf: CSRF_TOKEN },
    ]);
    expect(server.orders()[0].emails.map((mail) => mail.subject)).toEqual([
      'Your order SB-123456',
      'Transfer of 02079460123: submitted to your current provider',
      'Transfer of 02079460123: transfer date set',
      'Transfer of 02079460123: transferred',
    ]);
  });

  it('reject needs a reason; the buyer is told it', async () => {
    const { posts, user } = await openOrderWithPorts([fakeTransfer({ state: 'submitted' })], 'admin');
    await user.click(within(transferBlock()).getByRole('button', { name: 'Reject' }));
    expect(within(transferBlock()).getByRole('alert')).toHaveTextContent('Say why the transfer was rejected, so the buyer knows what to correct.');
    expect(posts()).toEqual([]);

    await user.type(within(transferBlock()).getByLabelText('Reason for rejecting'), '  BT says the account number does not match. ');
    await user.click(within(transferBlock()).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Transfer of 02079460123 rejected; the buyer has been e-mailed the reason.')).toHaveAttribute('role', 'status');
    expect(transferBlock()).toHaveTextContent('Rejected');
    expect(detailsOf(transferBlock())).toContainEqual(['Rejected because', 'BT says the account number does not match.']);
    expect(transferBlock()).toHaveTextContent('Waiting for the buyer to correct the details and sign again.');
    expect(buttonsOf(transferBlock())).toEqual([]);
    expect(posts()).toEqual([{ path: '/api/admin/orders/service/ann-1/port', body: { number: '02079460123', step: 'reject', reason: 'BT says the account number does not match.' }, csrf: CSRF_TOKEN }]);
  });

  it('a step the server refuses shows its message, and the block stays as it was', async () => {
    const order = serviceOrder({ id: 'ann-1', ports: [fakeTransfer()] });
    fakeAdminServer({
      session: staffSession('support'),
      orders: [order],
      extra: {
        'POST /api/admin/orders/:kind/:id/port': () =>
          refusal(409, 'transfer_step_not_allowed', 'This transfer is Submitted to your current provider: that step does not follow from here.'),
      },
    });
    renderAppAt('/admin/orders/service/ann-1');
    await screen.findByRole('list', { name: 'Events' }, { timeout: 3000 });
    await userEvent.setup().click(within(transferBlock()).getByRole('button', { name: 'Submit to provider' }));
    expect(await within(transferBlock()).findByRole('alert')).toHaveTextContent(
      'This transfer is Submitted to your current provider: that step does not follow from here.',
    );
    expect(transferBlock()).toHaveTextContent('Details confirmed');
  });
});
