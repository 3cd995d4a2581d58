import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { manyOrders, serviceOrder, trialOrder } from '../testing/fake-orders';
import { renderAppAt } from '../testing/render-admin';

afterEach(() => {
  vi.restoreAllMocks();
});

const table = () => screen.getByRole('table', { name: 'Orders, newest first' });
/** The order numbers of the rows shown, in order. */
const orderNumbers = () => within(table()).getAllByRole('rowheader').map((cell) => cell.textContent);

function searchRequests(server: ReturnType<typeof fakeAdminServer>) {
  return server.calls.filter((call) => call.url.pathname === '/api/admin/orders').map((call) => Object.fromEntries(call.url.searchParams));
}

describe('order search (/admin/orders)', () => {
  it('lists every order newest first: number linked to its page, kind, name, e-mail, status, placed at in UK time, numbers', async () => {
    const ann = serviceOrder({ id: 'ann-1', placedAt: '2026-07-01T09:00:00Z' });
    const tom = trialOrder({ id: 'tom-1', placedAt: '2026-07-02T09:00:00Z' });
    fakeAdminServer({ session: staffSession('support'), orders: [ann, tom] });
    renderAppAt('/admin/orders');
    // The first test loads the pages' code cold: on a busy machine that takes more than a second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 3000 })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order',
      'Kind',
      'Name',
      'E-mail',
      'Status',
      'Placed (UK time)',
      'Phone numbers',
    ]);
    expect(orderNumbers()).toEqual(['TR-1A2B3C4D', 'SB-123456']);
    const row = screen.getByRole('row', { name: /SB-123456/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Service',
      'Ann Smith',
      'ann@example.com',
      'Completed',
      // 09:00 UTC is 10:00 in British Summer Time.
      '01 Jul 2026, 10:00:00',
      '01614960000, 01614960001',
    ]);
    expect(within(row).getByRole('link', { name: 'SB-123456' })).toHaveAttribute('href', '/admin/orders/service/ann-1');
    expect(within(screen.getByRole('row', { name: /TR-1A2B3C4D/ })).getByText('Free trial')).toBeInTheDocument();
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(within(pages).getByRole('button', { name: 'Newer' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('searches by what is typed; the query goes into the URL, and back brings the last search', async () => {
    const server = fakeAdminServer({ session: staffSession(), orders: [serviceOrder(), trialOrder(), serviceOrder({ orderNumber: 'SB-654321', email: 'bob@example.com', name: 'Bob', phoneNumbers: ['02079460000'], paymentRefs: ['pi_Bob'] })] });
    const { history } = renderAppAt('/admin/orders');
    await screen.findByRole('table', { name: 'Orders, newest first' });
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    expect(box).toHaveAccessibleDescription(/An order number \(SB-…, HW-…\), an e-mail address, a phone number or a Stripe payment reference/);

    await user.type(box, '  ANN@example.com ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(box).toHaveValue('ANN@example.com'));
    await waitFor(() => expect(orderNumbers()).toEqual(['SB-123456']));
    expect(new URLSearchParams(history.location.search).get('query')).toBe('ANN@example.com');
    expect(new URLSearchParams(history.location.search).get('before')).toBeNull();
    expect(searchRequests(server).at(-1)).toEqual({ query: 'ANN@example.com' });
    expect(screen.getByText('1 order matching “ANN@example.com”')).toBeInTheDocument();

    // A phone number as people write it, and a payment reference (Enter submits).
    await user.clear(box);
    await user.type(box, '020 7946 0000{Enter}');
    await waitFor(() => expect(orderNumbers()).toEqual(['SB-654321']));
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, 'pi_bob{Enter}');
    await waitFor(() => expect(orderNumbers()).toEqual(['SB-654321']));

    act(() => history.go(-1));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('020 7946 0000'));
    await waitFor(() => expect(orderNumbers()).toEqual(['SB-654321']));
  });

  it('pages through 47 orders, 20 a page, by the server\'s cursor: older and newer, the cursor in the URL', async () => {
    const server = fakeAdminServer({ session: staffSession('support'), orders: manyOrders(47) });
    const { history } = renderAppAt('/admin/orders');
    await screen.findByText('Page 1');
    expect(orderNumbers()).toHaveLength(20);
    expect(orderNumbers()[0]).toBe('SB-200001');
    expect(screen.getByText('47 orders')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(within(pages).getByRole('button', { name: 'Newer' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');
    await waitFor(() => expect(orderNumbers()[0]).toBe('SB-200021'));
    const second = new URLSearchParams(history.location.search);
    expect(second.get('query')).toBe('');
    expect(second.get('before')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 3');
    await waitFor(() => expect(orderNumbers()).toHaveLength(7));
    expect(within(pages).getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(screen.getByText('47 orders')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Newer' }));
    await screen.findByText('Page 2');
    await waitFor(() => expect(orderNumbers()[0]).toBe('SB-200021'));
    await user.click(within(pages).getByRole('button', { name: 'Newer' }));
    await screen.findByText('Page 1');
    expect(history.location.search).toBe('?query=');
    // Each page asked once, by the cursor of the page before it; back to page 2 by the same cursor.
    const befores = searchRequests(server).map((request) => request.before ?? '');
    expect(befores[0]).toBe('');
    expect(befores[1]).not.toBe('');
    expect(befores[3]).toBe(befores[1]);
    expect(befores[4]).toBe('');
  });

  it('a page holds still while orders are placed: the next page follows on without repeats', async () => {
    const server = fakeAdminServer({ session: staffSession('support'), orders: manyOrders(30) });
    renderAppAt('/admin/orders');
    await screen.findByText('Page 1');
    const first = orderNumbers();
    // Five orders placed while support reads page 1, each newer than every order shown.
    for (let index = 0; index < 5; index += 1) {
      server.placeOrder(serviceOrder({ id: `new-${index}`, orderNumber: `SB-30000${index}`, placedAt: new Date(Date.UTC(2026, 10, 24, 10, index)).toISOString() }));
    }
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Order pages' })).getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');
    await waitFor(() => expect(orderNumbers()[0]).toBe('SB-200021'));
    expect([...first, ...orderNumbers()]).toEqual(manyOrders(30).map((order) => order.orderNumber));
  });

  it('opens a linked page of a search; "Newer" then goes to the first page', async () => {
    fakeAdminServer({ session: staffSession(), orders: manyOrders(47) });
    const { history } = renderAppAt(`/admin/orders?query=example.com&before=${encodeURIComponent('fake.2026-11-03T10:00:00.000Z|service|x')}`);
    await screen.findByText('Older orders');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('example.com');
    await waitFor(() => expect(orderNumbers()[0]).toBe('SB-200021'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText('Page 1');
    expect(history.location.search).toBe('?query=example.com');
    await waitFor(() => expect(orderNumbers()[0]).toBe('SB-200001'));
  });

  it('more than 1,000 matches are counted as such', async () => {
    fakeAdminServer({ session: staffSession(), orders: manyOrders(1001) });
    renderAppAt('/admin/orders');
    expect(await screen.findByText('More than 1,000 orders')).toBeInTheDocument();
  });

  it('nothing found: says what to try next, and Clear the search shows every order', async () => {
    fakeAdminServer({ session: staffSession('support'), orders: [serviceOrder()] });
    const { history } = renderAppAt('/admin/orders?query=SB-999999');
    expect(await screen.findByText('No orders match “SB-999999”.')).toBeInTheDocument();
    expect(screen.getByText(/try the whole order number \(e\.g\. SB-123456\), the buyer’s full e-mail address, a phone number with its area code, or a Stripe reference/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(history.location.search).toBe('?query=');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  });

  it('a page past the end (its orders gone meanwhile) offers the first page; a cursor not known is explained', async () => {
    fakeAdminServer({ session: staffSession(), orders: [serviceOrder()] });
    renderAppAt(`/admin/orders?query=&before=${encodeURIComponent('fake.2000-01-01T00:00:00.000Z|service|x')}`);
    expect(await screen.findByText('There are no older orders in these results.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await screen.findByText('Page 1');
  });

  it('a cursor the server does not know shows its message and a way to the first page', async () => {
    fakeAdminServer({ session: staffSession(), orders: [serviceOrder()] });
    renderAppAt('/admin/orders?query=&before=bogus');
    expect(await screen.findByRole('alert')).toHaveTextContent('That page of the search is not known: search again from the first page.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to the first page' }));
    await screen.findByText('Page 1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so while searching, and offers to try again when the search fails', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeAdminServer({ session: staffSession(), orders: [serviceOrder()] });
    const base = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (new URL(request.url).pathname === '/api/admin/orders') {
        await held;
        if (fail) return new Response('down', { status: 503 });
      }
      return base(input, init);
    });
    renderAppAt('/admin/orders');
    expect(await screen.findByText('Searching orders...')).toHaveAttribute('role', 'status');
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the orders. Please try again.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the staff header links Orders and Hardware and marks the current page', async () => {
    fakeAdminServer({ session: staffSession('support'), orders: [serviceOrder({ id: 'ann-1' })] });
    const { history } = renderAppAt('/admin/orders');
    const nav = await screen.findByRole('navigation', { name: 'Staff pages' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Hardware' })).not.toHaveAttribute('aria-current');
    const user = userEvent.setup();
    // An order's page is under Orders.
    await user.click(await screen.findByRole('link', { name: 'SB-123456' }));
    await screen.findByRole('heading', { level: 1, name: 'SB-123456' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Hardware' }));
    await screen.findByRole('heading', { level: 1, name: 'Hardware manager' });
    expect(history.location.pathname).toBe('/admin/hardware');
    expect(within(screen.getByRole('navigation', { name: 'Staff pages' })).getByRole('link', { name: 'Hardware' })).toHaveAttribute('aria-current', 'page');
  });

  it('a visitor who is not signed in is sent to sign in and back', async () => {
    fakeAdminServer({ session: null, orders: [serviceOrder()] });
    const { history } = renderAppAt('/admin/orders?query=ann');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(new URLSearchParams(history.location.search).get('next')).toBe('/admin/orders?query=ann');
  });
});
