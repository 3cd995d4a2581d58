import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN, fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { manyOrders, serviceOrder, trialOrder, type FakeOrder } from '../testing/fake-orders';
import { renderAppAt } from '../testing/render-admin';
import type { StaffRole } from '../types';

afterEach(() => {
  vi.restoreAllMocks();
});

const timeline = () => screen.getByRole('list', { name: 'Events' });
const events = () => within(timeline()).getAllByRole('listitem');
const sentences = () => events().map((item) => item.querySelector('.admin-event-sentence')?.textContent);
const actionsPanel = () => screen.getByRole('region', { name: 'Staff actions' });
const emailItems = () => within(screen.getByRole('list', { name: 'E-mails' })).getAllByRole('listitem');

/** The order's page, signed in with `role`, once its history has loaded. */
async function openOrder(order: FakeOrder, { role = 'admin', query = '' }: { role?: StaffRole; query?: string } = {}) {
  const server = fakeAdminServer({ session: staffSession(role), orders: [order] });
  const rendered = renderAppAt(`/admin/orders/${order.kind}/${order.id}${query}`);
  // The pages' code may load cold (the first test of the file) on a busy machine.
  await screen.findByRole('list', { name: 'Events' }, { timeout: 3000 });
  return { server, ...rendered, user: userEvent.setup() };
}

function historyRequests(server: ReturnType<typeof fakeAdminServer>) {
  return server.calls.filter((call) => call.url.pathname.endsWith('/history')).map((call) => call.url.searchParams.get('upTo'));
}

function posts(server: ReturnType<typeof fakeAdminServer>) {
  return server.calls
    .filter((call) => call.method === 'POST' && call.url.pathname.startsWith('/api/admin/orders/'))
    .map((call) => ({ path: call.url.pathname, body: JSON.parse(call.body) as unknown, csrf: call.headers?.get('X-CSRF-Token') }));
}

describe('an order’s page (/admin/orders/{kind}/{id})', () => {
  it('shows the order number, every event (UK time, who, what happened), the state, the current view and the e-mails', async () => {
    const order = serviceOrder({ id: 'ann-1' });
    await openOrder(order, { role: 'support' });
    expect(screen.getByRole('heading', { level: 1, name: 'SB-123456' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Order SB-123456/);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Timeline',
      'State after event 5',
      'Staff actions',
      'E-mails',
      'Current view',
      'Calls',
    ]);

    expect(events()).toHaveLength(5);
    expect(events().map((item) => item.querySelector('.admin-event-actor')?.textContent)).toEqual([
      'Buyer',
      'Buyer',
      'Stripe webhook',
      'System',
      'Job: finalise-orders',
    ]);
    expect(sentences()).toEqual([
      'Order placed by Ann Smith: Business Pro x2, £40.80 due today.',
      'Card set up: Visa ending 4242.',
      'Paid £40.80 by card (pi_3Abc123).',
      'Account created for ann@example.com.',
      'Order completed: extensions 101 and 102 set up.',
    ]);
    // 23 Nov is winter: UK time is UTC.
    expect(within(events()[0]).getByText('23 Nov 2026, 10:00:00')).toHaveAttribute('dateTime', '2026-11-23T10:00:00.123Z');
    expect(within(events()[0]).getByText('OrderPlaced')).toBeInTheDocument();
    // Nothing is marked while the state is the latest.
    expect(within(timeline()).queryByText('Replayed')).not.toBeInTheDocument();

    const state = screen.getByRole('region', { name: 'State after event 5' });
    expect([...state.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Status', 'Events replayed']);
    expect([...state.querySelectorAll('dd')].map((term) => term.textContent)).toEqual(['Completed', '5 of 5']);
    const fullState = within(state).getByText('Full state (JSON)');
    expect(fullState.closest('details')).not.toHaveAttribute('open');
    expect(JSON.parse(state.querySelector('pre')?.textContent ?? '')).toMatchObject({ status: 'completed' });

    const view = screen.getByRole('region', { name: 'Current view' });
    expect(within(view).getByText('The order as the shop shows it now (JSON)').tagName).toBe('SUMMARY');
    expect(view.querySelector('pre')?.textContent).toContain('"dueTodayPence": 4080');

    expect(emailItems()).toHaveLength(1);
    expect(emailItems()[0]).toHaveTextContent('Your order SB-123456');
    expect(emailItems()[0]).toHaveTextContent('To ann@example.com');
    expect(within(emailItems()[0]).getByText('Sent')).toBeInTheDocument();
    expect(emailItems()[0]).toHaveTextContent('Queued 23 Nov 2026, 10:01:00 · sent 23 Nov 2026, 10:02:00');
  });

  it('names a staff member by e-mail; a queued e-mail says when it was queued', async () => {
    const order = trialOrder();
    order.events.push({ type: 'NumberReleased', actor: { kind: 'staff', name: 'sue@example.com' }, sentence: 'Number released.', recordedAt: '2026-11-21T09:00:00Z', status: 'active' });
    await openOrder(order);
    expect(events().at(-1)?.querySelector('.admin-event-actor')).toHaveTextContent('Staff: sue@example.com');
    expect(within(emailItems()[0]).getByText('Queued', { exact: true })).toBeInTheDocument();
    expect(emailItems()[0]).toHaveTextContent('Queued 20 Nov 2026, 08:00:05 · not sent yet');
  });

  it('Replay to here loads ?upTo=N: the state after that event, the events up to it marked replayed and the rest after', async () => {
    const { server, history, user } = await openOrder(serviceOrder({ id: 'ann-1' }), { role: 'support' });
    const paid = events()[2];
    const replay = within(paid).getByRole('button', { name: 'Replay to here' });
    expect(replay).toHaveAccessibleDescription('Paid £40.80 by card (pi_3Abc123).');
    await user.click(replay);

    await screen.findByRole('heading', { level: 2, name: 'State after event 3' });
    expect(history.location.pathname).toBe('/admin/orders/service/ann-1');
    expect(history.location.search).toBe('?upTo=3');
    expect(historyRequests(server)).toEqual([null, '3']);
    expect(screen.getByText('Replayed to event 3 of 5; the events after it are marked.')).toHaveAttribute('role', 'status');
    expect(events().map((item) => within(item).getByText(/^(Replayed|After replay point)$/).textContent)).toEqual([
      'Replayed',
      'Replayed',
      'Replayed',
      'After replay point',
      'After replay point',
    ]);
    expect(events()[2]).toHaveAttribute('aria-current', 'step');
    // Again on the same event: no new history entry, and the button keeps the focus.
    const entries = history.index;
    await user.click(within(events()[2]).getByRole('button', { name: 'Replay to here' }));
    expect(history.index).toBe(entries);
    expect(within(events()[2]).getByRole('button', { name: 'Replay to here' })).toHaveFocus();
    const state = screen.getByRole('region', { name: 'State after event 3' });
    expect([...state.querySelectorAll('dd')].map((term) => term.textContent)).toEqual(['Paid', '3 of 5']);

    await user.click(within(events()[0]).getByRole('button', { name: 'Replay to here' }));
    await screen.findByRole('heading', { level: 2, name: 'State after event 1' });
    expect(history.location.search).toBe('?upTo=1');

    await user.click(screen.getByRole('button', { name: 'Show the latest state' }));
    await screen.findByRole('heading', { level: 2, name: 'State after event 5' });
    expect(history.location.search).toBe('');
    expect(within(timeline()).queryByText('After replay point')).not.toBeInTheDocument();
  });

  it('a link with ?upTo= opens that replay; an event that does not exist shows the server’s message and the way back', async () => {
    const order = serviceOrder({ id: 'ann-1' });
    await openOrder(order, { query: '?upTo=2' });
    expect(screen.getByRole('heading', { level: 2, name: 'State after event 2' })).toBeInTheDocument();
    expect(events()[1]).toHaveAttribute('aria-current', 'step');

    const server = fakeAdminServer({ session: staffSession(), orders: [order] });
    cleanup();
    const { history } = renderAppAt('/admin/orders/service/ann-1?upTo=9');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an event from 1 to 5.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show the latest state' }));
    await screen.findByRole('heading', { level: 2, name: 'State after event 5' });
    expect(history.location.search).toBe('');
    expect(historyRequests(server)).toEqual(['9', null]);
  });

  it('an unknown order or kind says so and links to the search', async () => {
    fakeAdminServer({ session: staffSession('support'), orders: [] });
    renderAppAt('/admin/orders/service/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such order. Check the link, or find the order by searching.');
    expect(screen.getByRole('link', { name: 'Search orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('heading', { level: 1, name: 'Order' })).toBeInTheDocument();

    cleanup();
    const server = fakeAdminServer({ session: staffSession('support'), orders: [] });
    renderAppAt('/admin/orders/parcel/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such order.');
    expect(historyRequests(server)).toEqual([]);
  });

  it('offers to try again when the history cannot be loaded', async () => {
    let fail = true;
    const order = serviceOrder({ id: 'ann-1' });
    const server = fakeAdminServer({ session: staffSession(), orders: [order] });
    const base = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (fail && request.url.includes('/history')) return new Response('down', { status: 502 });
      return base(input, init);
    });
    renderAppAt('/admin/orders/service/ann-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this order’s history. Please try again.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Events' });
  });

  it('Back to orders returns to the search the order was opened from', async () => {
    fakeAdminServer({ session: staffSession('support'), orders: [serviceOrder({ id: 'ann-1' })] });
    const { history } = renderAppAt('/admin/orders?query=ann');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'SB-123456' }));
    await screen.findByRole('list', { name: 'Events' });
    await user.click(within(events()[1]).getByRole('button', { name: 'Replay to here' }));
    await screen.findByRole('heading', { level: 2, name: 'State after event 2' });
    await user.click(screen.getByRole('link', { name: '← Back to orders' }));
    await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(`${history.location.pathname}${history.location.search}`).toBe('/admin/orders?query=ann');
  });

  it('Back to orders returns to the page of results it was opened from, and Newer still goes back from there', async () => {
    fakeAdminServer({ session: staffSession('support'), orders: manyOrders(45) });
    const { history } = renderAppAt('/admin/orders');
    const user = userEvent.setup();
    await screen.findByText('Page 1');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 3');
    const third = history.location.search;
    await user.click(await screen.findByRole('link', { name: 'SB-200041' }));
    await screen.findByRole('list', { name: 'Events' });
    await user.click(screen.getByRole('link', { name: '← Back to orders' }));
    await screen.findByText('Page 3');
    expect(history.location.search).toBe(third);
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText('Page 2');
    await screen.findByRole('link', { name: 'SB-200021' });
  });
});

describe('staff actions', () => {
  it('Resend confirmation e-mail (support staff too): the new event ends the timeline, a second e-mail, a success message', async () => {
    const { server, user } = await openOrder(serviceOrder({ id: 'ann-1' }), { role: 'support' });
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await screen.findByText('Confirmation e-mail queued to send again.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(events()).toHaveLength(6));
    expect(sentences().at(-1)).toBe('Confirmation e-mail resent by support@example.com.');
    expect(events().at(-1)?.querySelector('.admin-event-actor')).toHaveTextContent('Staff: support@example.com');
    expect(screen.getByRole('heading', { level: 2, name: 'State after event 6' })).toBeInTheDocument();
    expect(emailItems()).toHaveLength(2);
    expect(emailItems()[1]).toHaveTextContent('Queued 24 Nov 2026, 09:30:00 · not sent yet');
    expect(posts(server)).toEqual([{ path: '/api/admin/orders/service/ann-1/resend-confirmation', body: {}, csrf: CSRF_TOKEN }]);
  });

  it('Reset SIP password (support staff too): the new password is shown once and the event ends the timeline', async () => {
    const { server, user } = await openOrder(serviceOrder({ id: 'ann-1' }), { role: 'support' });
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Reset SIP password of extension 101' }));
    const shown = await screen.findByRole('status', { name: 'New SIP password' });
    expect(shown).toHaveTextContent('New SIP password for extension 101 (username ann101).');
    expect(shown).toHaveTextContent('NewSipPassw0rd2345678');
    await waitFor(() => expect(sentences().at(-1)).toBe('SIP password of extension 101 reset by support@example.com.'));
    expect(posts(server)).toEqual([{ path: '/api/admin/orders/service/ann-1/reset-sip-password', body: { number: '101' }, csrf: CSRF_TOKEN }]);
  });

  it('a paid number another order took is replaced in one click; the event ends the timeline', async () => {
    const order = serviceOrder({ id: 'ann-1' });
    const { server, user } = await openOrder({ ...order, lost: [order.phoneNumbers[0]] }, { role: 'support' });
    const lost = order.phoneNumbers[0];
    expect(within(actionsPanel()).getByRole('heading', { name: 'Needs a replacement' })).toBeInTheDocument();
    await user.click(within(actionsPanel()).getByRole('button', { name: `Replace ${lost}` }));
    expect(await screen.findByText(`Number ${lost} replaced; the buyer has been e-mailed the new number.`)).toHaveAttribute('role', 'status');
    await waitFor(() => expect(sentences().at(-1)).toMatch(new RegExp(`^Number ${lost} replaced with \\d+ by support@example.com\\.$`)));
    expect(within(actionsPanel()).queryByRole('heading', { name: 'Needs a replacement' })).not.toBeInTheDocument();
    expect(posts(server)).toEqual([{ path: '/api/admin/orders/service/ann-1/replace-number', body: { lost }, csrf: CSRF_TOKEN }]);
  });

  it('a paid area code waiting for its number: support picks one of its free numbers; with none, says the shop will', async () => {
    const order = serviceOrder({ id: 'ann-1' });
    const placeholders = [
      { placeholder: 'placeholder-020', areaCode: '020', candidates: ['442079460100', '442079460101'] },
      { placeholder: 'placeholder-01223', areaCode: '01223', candidates: [] },
    ];
    const { server, user } = await openOrder({ ...order, placeholders }, { role: 'support' });
    expect(within(actionsPanel()).getByText(/No free 01223 number yet: the shop gives one by itself/)).toBeInTheDocument();
    await user.selectOptions(within(actionsPanel()).getByLabelText('Free 020 number'), '442079460101');
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Give this number' }));
    expect(await screen.findByText('Number 442079460101 given for the 020 area code; the buyer has been e-mailed it.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(sentences().at(-1)).toBe('Number 442079460101 given for the 020 area code by support@example.com.'));
    expect(within(actionsPanel()).queryByLabelText('Free 020 number')).not.toBeInTheDocument();
    expect(posts(server)).toEqual([
      { path: '/api/admin/orders/service/ann-1/fill-placeholder', body: { placeholder: 'placeholder-020', number: '442079460101' }, csrf: CSRF_TOKEN },
    ]);
  });

  it('an action while replayed shows the fresh history at its last event (the URL loses ?upTo=)', async () => {
    const { history, user } = await openOrder(serviceOrder({ id: 'ann-1' }), { query: '?upTo=2' });
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Resend confirmation e-mail' }));
    await screen.findByRole('heading', { level: 2, name: 'State after event 6' });
    expect(history.location.search).toBe('');
    expect(within(timeline()).queryByText('After replay point')).not.toBeInTheDocument();
  });

  it('resend is disabled, with the reason, until the order is complete; a refusal shows the server’s message', async () => {
    const placed = serviceOrder({ id: 'ann-1', complete: false, status: 'paid' });
    const { user } = await openOrder(placed, { role: 'support' });
    expect(within(actionsPanel()).getByRole('button', { name: 'Resend confirmation e-mail' })).toBeDisabled();
    expect(within(actionsPanel()).getByText('There is no confirmation to resend until the order is complete.')).toBeInTheDocument();

    // The page said it could, but the server refuses (the order changed meanwhile).
    cleanup();
    const server = fakeAdminServer({ session: staffSession(), orders: [serviceOrder({ id: 'ann-1' })] });
    const base = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.url.endsWith('/resend-confirmation')) {
        return new Response(JSON.stringify({ error: 'There is no confirmation to resend until the order is complete.', code: 'not_complete' }), { status: 409 });
      }
      return base(input, init);
    });
    renderAppAt('/admin/orders/service/ann-1');
    await screen.findByRole('list', { name: 'Events' });
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await within(actionsPanel()).findByRole('alert')).toHaveTextContent('There is no confirmation to resend until the order is complete.');
    expect(events()).toHaveLength(5);
  });

  it('Release number asks first (Cancel sends nothing); confirmed, the number goes and the event ends the timeline', async () => {
    const { server, user } = await openOrder(serviceOrder({ id: 'ann-1' }), { role: 'support' });
    const select = within(actionsPanel()).getByLabelText('Number to release');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['01614960000', '01614960001']);
    await user.selectOptions(select, '01614960001');
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Release number' }));

    let dialog = screen.getByRole('dialog', { name: 'Release this number?' });
    expect(dialog).toHaveTextContent(
      'Release 01614960001 from SB-123456? The number goes back to stock and the customer can no longer use it. This cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(server)).toEqual([]);

    // Escape closes it too.
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Release number' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(actionsPanel()).getByRole('button', { name: 'Release number' }));
    dialog = screen.getByRole('dialog', { name: 'Release this number?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release number' }));
    expect(await screen.findByText('Number 01614960001 released back to stock.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(sentences().at(-1)).toBe('Number 01614960001 released back to stock by support@example.com.'));
    expect(posts(server)).toEqual([{ path: '/api/admin/orders/service/ann-1/release-number', body: { number: '01614960001' }, csrf: CSRF_TOKEN }]);
    const remaining = within(actionsPanel()).getByLabelText('Number to release');
    expect(within(remaining).getAllByRole('option').map((option) => option.textContent)).toEqual(['01614960000']);
  });

  it('a refused release shows the server’s message', async () => {
    const order = serviceOrder({ id: 'ann-1' });
    const server = fakeAdminServer({ session: staffSession('support'), orders: [order] });
    const base = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.url.endsWith('/release-number')) {
        return new Response(JSON.stringify({ error: 'That number has already been released.', code: 'number_already_released' }), { status: 409 });
      }
      return base(input, init);
    });
    renderAppAt('/admin/orders/service/ann-1');
    await screen.findByRole('list', { name: 'Events' });
    const user = userEvent.setup();
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Release number' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Release number' }));
    expect(await within(actionsPanel()).findByRole('alert')).toHaveTextContent('That number has already been released.');
    expect(events()).toHaveLength(5);
  });

  it('an order without numbers to release says so; a desk-phone order has no numbers section', async () => {
    await openOrder(serviceOrder({ id: 'ann-1', phoneNumbers: [] }));
    expect(within(actionsPanel()).getByText('No numbers to release.')).toBeInTheDocument();
    cleanup();
    await openOrder(serviceOrder({ kind: 'hardware', id: 'hw-1', orderNumber: 'HW-100001' }));
    expect(within(actionsPanel()).queryByRole('heading', { name: 'Phone numbers' })).not.toBeInTheDocument();
    expect(within(actionsPanel()).queryByLabelText('Number to release')).not.toBeInTheDocument();
  });

  it('Extend trial (admins): 1 to 7 days; the event ends the timeline', async () => {
    const { server, user } = await openOrder(trialOrder({ id: 'tom-1' }));
    const days = within(actionsPanel()).getByLabelText('Days to extend (1 to 7)');
    expect(days).toHaveAttribute('min', '1');
    expect(days).toHaveAttribute('max', '7');
    await user.clear(days);
    await user.type(days, '9');
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Extend trial' }));
    expect(within(actionsPanel()).getByRole('alert')).toHaveTextContent('Enter a whole number of days from 1 to 7.');
    expect(posts(server)).toEqual([]);

    await user.clear(days);
    await user.type(days, '3{Enter}');
    expect(await screen.findByText('Trial extended by 3 days.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(sentences().at(-1)).toBe('Trial extended by 3 days by admin@example.com.'));
    expect(within(actionsPanel()).queryByRole('alert')).not.toBeInTheDocument();
    expect(posts(server)).toEqual([{ path: '/api/admin/orders/trial/tom-1/extend', body: { days: 3 }, csrf: CSRF_TOKEN }]);
  });

  it('a refused extension shows the server’s message', async () => {
    const { user } = await openOrder(trialOrder({ id: 'tom-1', extendedDays: 5 }));
    const days = within(actionsPanel()).getByLabelText('Days to extend (1 to 7)');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(within(actionsPanel()).getByRole('button', { name: 'Extend trial' }));
    expect(await within(actionsPanel()).findByRole('alert')).toHaveTextContent('A trial can be extended by 1 to 7 days in all; this one has 2 days left to give.');
    expect(events()).toHaveLength(2);
  });

  it('support staff never see Extend trial; admins do not see it once the server says no', async () => {
    await openOrder(trialOrder({ id: 'tom-1' }), { role: 'support' });
    expect(within(actionsPanel()).queryByRole('button', { name: 'Extend trial' })).not.toBeInTheDocument();
    expect(within(actionsPanel()).queryByLabelText('Days to extend (1 to 7)')).not.toBeInTheDocument();
    // Support staff still resend and release.
    expect(within(actionsPanel()).getByRole('button', { name: 'Resend confirmation e-mail' })).toBeEnabled();
    expect(within(actionsPanel()).getByRole('button', { name: 'Release number' })).toBeEnabled();

    cleanup();
    await openOrder(trialOrder({ id: 'tom-2', extendedDays: 7 }));
    expect(within(actionsPanel()).queryByRole('button', { name: 'Extend trial' })).not.toBeInTheDocument();
  });
});
