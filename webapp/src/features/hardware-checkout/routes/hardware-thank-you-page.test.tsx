import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CART_ID } from '../../../testing/fixtures';
import { jsonResponse } from '../../../testing/mock-fetch';
import { paymentRetryTiming } from '../api';
import type { StoredHardwareOrder } from '../types';
import {
  fakeHardwareCheckoutServer,
  ORDER_SECRET,
  orderViewFixture,
  type FakeHardwareCheckoutOptions,
} from '../testing/fake-hardware-checkout-server';
import { renderHardwareThankYou, storeWithCartId } from '../testing/render-hardware-checkout';

const view = orderViewFixture();

function stored(overrides: Partial<StoredHardwareOrder> = {}): StoredHardwareOrder {
  return {
    orderId: view.orderId,
    orderSecret: ORDER_SECRET,
    orderNumber: view.orderNumber,
    paymentIntentId: 'pi_3Nabcdefgh',
    confirmationStatus: 'confirmed',
    ...overrides,
  };
}

/**
 * The server holding `orderView`, this tab holding `order`, the cart as the server has it after
 * the payment. The cart is read twice: by the cart's own query on load, and again, not from the
 * cache, once the order is shown.
 */
function setUp(options: { order?: StoredHardwareOrder | null; orderView?: typeof view; server?: FakeHardwareCheckoutOptions } = {}) {
  const server = fakeHardwareCheckoutServer({ lines: [], ...options.server });
  server.seedOrder(options.orderView ?? view, 'pi_3Nabcdefgh');
  const order = options.order === undefined ? stored() : options.order;
  if (order) window.sessionStorage.setItem('hardwareOrder', JSON.stringify(order));
  const store = storeWithCartId();
  return { server, ...renderHardwareThankYou(store) };
}

const valueOf = (container: HTMLElement, term: string) => within(container).getByText(term, { selector: 'dt' }).nextElementSibling;

beforeEach(() => {
  vi.spyOn(paymentRetryTiming, 'sleep').mockResolvedValue(undefined);
});

describe('hardware thank-you page', () => {
  it('shows the order from the server: number, email note, phones, totals, delivery and what comes next', async () => {
    const { server } = setUp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    expect(screen.getByText('Order number', { selector: 'dt' }).nextElementSibling).toHaveTextContent('HW-123456');
    // Queued, not yet sent: the page does not claim it has gone.
    expect(screen.getByRole('status')).toHaveTextContent('We are e-mailing your confirmation to jane@example.co.uk…');
    expect(screen.queryByText(/has been sent/)).not.toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Yealink T54WQty: 2£128.00', 'Grandstream GRP2601£35.00']);
    expect(valueOf(summary, 'Subtotal')).toHaveTextContent('£163.00');
    expect(valueOf(summary, 'Shipping')).toHaveTextContent('£15.00');
    expect(valueOf(summary, 'VAT (20%)')).toHaveTextContent('£35.60');
    expect(valueOf(summary, 'Total')).toHaveTextContent('£213.60');

    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(valueOf(delivery, 'Shipping address')).toHaveTextContent('Jane Smith1 Example RoadTesttownID1 1QDUnited Kingdom');
    expect(valueOf(delivery, 'Delivery method')).toHaveTextContent('SATURDAY - DPD');
    expect(valueOf(delivery, 'Carrier')).toHaveTextContent('DPD');
    const date = new Date(2026, 10, 28).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    expect(valueOf(delivery, 'Estimated delivery')).toHaveTextContent(date);
    expect(valueOf(delivery, 'Estimated delivery')).toHaveTextContent(/^Saturday,? 28 November 2026$/);

    const next = screen.getByRole('region', { name: "What's Next?" });
    expect(within(next).getAllByRole('listitem')).toHaveLength(4);
    expect(within(next).getByRole('link', { name: 'set-up guides' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');

    // Read with the order's secret as a header; confirmed already: no background confirmation.
    const read = server.callsTo('GET', `/api/hardware-orders/${view.orderId}`);
    expect(read[0].headers?.get('X-Order-Secret')).toBe(ORDER_SECRET);
    expect(screen.queryByRole('region', { name: 'Your payment went through' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', `/api/carts/${CART_ID}`)).toHaveLength(2));
    expect(server.callsTo('POST', '/api/confirm-hardware-payment/')).toHaveLength(0);
  });

  it("no order in this tab: 'Order Not Found' with Return to Home and Contact Support", async () => {
    const { server } = setUp({ order: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find your order details. Please contact customer support for assistance.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    expect(server.calls.filter((call) => call.url.pathname.startsWith('/api/hardware-orders'))).toHaveLength(0);
  });

  it.each([
    ['unreadable storage', '{not json'],
    ['an order the server does not know', JSON.stringify(stored({ orderId: 'f0000000-0000-4000-8000-000000000000' }))],
    ['the wrong secret', JSON.stringify(stored({ orderSecret: 'someone-else' }))],
  ])('%s: Order Not Found', async (_case, raw) => {
    setUp({ order: null });
    window.sessionStorage.setItem('hardwareOrder', raw);
    renderHardwareThankYou(storeWithCartId());
    expect(await screen.findAllByRole('heading', { level: 1, name: 'Order Not Found' })).not.toHaveLength(0);
  });

  it.each([
    ['payment-only', 'temp-pi_3Nabcdefgh'],
    ['error-handled', 'error-pi_3Nabc'],
  ] as const)('%s: the notice with the payment reference and one background confirmation with the payment id only', async (status, reference) => {
    const { server } = setUp({
      order: stored({ confirmationStatus: status, reference }),
      orderView: orderViewFixture({ status, emailQueued: false, confirmedAt: null }),
      server: { confirm: () => jsonResponse({ error: 'Still busy', code: 'internal' }, 500) },
    });
    const notice = await screen.findByRole('region', { name: 'Your payment went through' });
    expect(within(notice).getByText('Payment reference', { selector: 'dt' }).nextElementSibling).toHaveTextContent(reference);
    expect(screen.getByText('A confirmation email will be sent to jane@example.co.uk once your order is confirmed.')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', `/api/carts/${CART_ID}`)).toHaveLength(2));
    expect(server.posted('/api/confirm-hardware-payment/')).toEqual([{ paymentIntentId: 'pi_3Nabcdefgh' }]);
    // Still pending: the notice stays.
    expect(screen.getByRole('region', { name: 'Your payment went through' })).toBeInTheDocument();
  });

  it('a background confirmation that succeeds: the order is read again and the notice goes', async () => {
    const { server } = setUp({
      order: stored({ confirmationStatus: 'payment-only', reference: 'temp-pi_3Nabcdefgh' }),
      orderView: orderViewFixture({ status: 'payment-only', emailQueued: false }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', `/api/hardware-orders/${view.orderId}`)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your payment went through' })).not.toBeInTheDocument());
    expect(server.posted('/api/confirm-hardware-payment/')).toEqual([{ paymentIntentId: 'pi_3Nabcdefgh' }]);
    expect(screen.getByText('We are e-mailing your confirmation to jane@example.co.uk…')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem('hardwareOrder') ?? 'null')).toMatchObject({ confirmationStatus: 'confirmed' });
  });

  it.each([
    ['sent', 'A confirmation email has been sent to jane@example.co.uk.'],
    ['failed', 'We could not e-mail you at jane@example.co.uk; your details are below, so please keep this page or print it.'],
  ] as const)('the confirmation e-mail %s: the page says so and stops asking', async (emailStatus, text) => {
    const { server } = setUp({ orderView: orderViewFixture({ emailStatus }) });
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', `/api/carts/${CART_ID}`)).toHaveLength(2));
    expect(server.callsTo('GET', `/api/hardware-orders/${view.orderId}`)).toHaveLength(1);
  });

  it("the server's own status payment-only is enough for the notice", async () => {
    setUp({ orderView: orderViewFixture({ status: 'payment-only' }), server: { confirm: () => jsonResponse({ error: 'x', code: 'x' }, 500) } });
    expect(await screen.findByRole('region', { name: 'Your payment went through' })).toHaveTextContent('pi_3Nabcdefgh');
  });

  it('the emptied cart is read again and forgotten', async () => {
    const { store } = setUp();
    await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' });
    await waitFor(() => expect(store.getState().cart.cartId).toBeNull());
    expect(window.localStorage.getItem('cartId')).toBeNull();
  });

  it('a cart that still holds a service is kept', async () => {
    const { store, server } = setUp({ server: { withServices: true } });
    await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' });
    await waitFor(() => expect(server.callsTo('GET', `/api/carts/${CART_ID}`)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getState().cart.cartId).toBe(CART_ID);
    expect(window.localStorage.getItem('cartId')).toBe(CART_ID);
  });

  it('the order cannot be read just now: thanks, the order number and a sentence saying so', async () => {
    setUp({ server: { extra: { 'GET /api/hardware-orders/:id': () => jsonResponse({ error: 'Internal error', code: 'internal' }, 500) } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    expect(screen.getByText('Order number: HW-123456')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/could not load your order details/);
  });
});
