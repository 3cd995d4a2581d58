import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { Component as JoinedThankYou } from '../../../app/routes/thank-you';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { storeWithCart } from '../../../app/testing/store-with-cart';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { cartTotals } from '../../../testing/fake-totals';
import { CART_ID, catalogueFixture, hardwareCart } from '../../../testing/fixtures';
import { initialCheckoutState, type CompletedOrder } from '../checkout-slice';
import { accountFixture, ORDER_ID, orderFixture } from '../testing/fixtures';
import { ThankYouPage } from './thank-you-page';

const completed: CompletedOrder = {
  orderId: ORDER_ID,
  orderNumber: 'SB-123456',
  email: 'jane@example.co.uk',
  password: 'correct-horse',
  extensions: accountFixture().extensions,
};

function renderThankYou(options: { route?: string; inMemory?: CompletedOrder | null; order?: () => unknown } = {}) {
  const { calls } = mockFetch({
    'GET /api/catalogue': () => catalogueFixture,
    [`GET /api/orders/${ORDER_ID}`]: options.order ?? (() => orderFixture()),
  });
  const store = makeStore({ checkout: { ...initialCheckoutState(), completed: options.inMemory ?? null } });
  renderWithProviders(<ThankYouPage />, {
    store,
    route: options.route ?? `/thank-you?order=${ORDER_ID}`,
    extraRoutes: [{ path: '/checkout', element: <h1>Checkout page</h1> }],
  });
  return { calls, store };
}

/** The value next to a <dt> inside `container`. */
const valueOf = (container: HTMLElement, term: string) => within(container).getByText(term).nextElementSibling;

describe('thank-you page', () => {
  it('shows the order: date, number, summary cards and the order summary from the server', async () => {
    renderThankYou({ inMemory: completed });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(document.querySelector('.success-icon')).toHaveTextContent('✓');
    expect(screen.getByText('Order date').nextElementSibling).toHaveTextContent('14 March 2025');
    expect(screen.getByText('Order number').nextElementSibling).toHaveTextContent('SB-123456');

    const cards = screen.getByRole('list', { name: 'Your order at a glance' });
    expect(within(cards).getByRole('heading', { name: 'Package' }).parentElement).toHaveTextContent('Single User x2 (Yearly)');
    expect(within(cards).getByRole('heading', { name: 'Add-ons (1)' }).parentElement).toHaveTextContent('Call recording');
    const numbers = within(cards).getByRole('heading', { name: 'Phone numbers (2)' }).parentElement as HTMLElement;
    expect(numbers).toHaveTextContent('020 7946 0123');
    expect(numbers).toHaveTextContent('0161 496 0000');

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(valueOf(summary, 'Package: Single User x2 (Yearly)')).toHaveTextContent('£95.80 per year');
    expect(valueOf(summary, 'Add-ons')).toHaveTextContent('£76.80 per year');
    expect(valueOf(summary, 'Extra phone numbers')).toHaveTextContent('£19.20 per year');
    expect(valueOf(summary, 'Subtotal (per year)')).toHaveTextContent('£191.80');
    expect(valueOf(summary, 'VAT (20%)')).toHaveTextContent('£38.36');
    expect(valueOf(summary, 'Total per year')).toHaveTextContent('£230.16');
  });

  it('shows a one-time top-up credit and the total due today', async () => {
    const totals = cartTotals({ ...orderFixture().totals!, topUpSubtotalPence: 1000 });
    renderThankYou({ order: () => orderFixture({ totals }) });
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(valueOf(summary, 'Top-up credit (one-time)')).toHaveTextContent('£10.00');
    expect(valueOf(summary, 'VAT (20%)')).toHaveTextContent('£40.36');
    expect(valueOf(summary, 'Total due today inc. VAT')).toHaveTextContent('£242.16');
    expect(valueOf(summary, 'Then per year inc. VAT')).toHaveTextContent('£230.16');
  });

  it('Phone Setup, Account and Extension sections; passwords from memory show 3 characters then a mask', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderThankYou({ inMemory: completed });

    const setup = await screen.findByRole('region', { name: 'Phone Setup Information' });
    expect(within(setup).getByText('SIP Server Address')).toBeInTheDocument();
    expect(within(setup).getByRole('link', { name: 'View the setup guide' })).toHaveAttribute('href', '/support');

    const account = screen.getByRole('region', { name: 'Account Information' });
    expect(valueOf(account, 'Email')).toHaveTextContent('jane@example.co.uk');
    expect(valueOf(account, 'Password')).toHaveTextContent('cor••••••••');
    expect(account).not.toHaveTextContent('correct-horse');
    expect(within(account).getByRole('link', { name: 'Login to Dashboard' })).toHaveAttribute('href', '/account');

    const extensions = screen.getByRole('region', { name: 'Extension Details' });
    expect(within(extensions).getByText('For IP phone configuration')).toBeInTheDocument();
    const ext101 = within(extensions).getByRole('listitem', { name: 'Extension 101' });
    expect(valueOf(ext101, 'Username')).toHaveTextContent('jane101');
    expect(valueOf(ext101, 'SIP Password')).toHaveTextContent('Xy7••••••••');

    await user.click(within(ext101).getByRole('button', { name: 'Reveal SIP password for extension 101' }));
    expect(valueOf(ext101, 'SIP Password')).toHaveTextContent('Xy7pQ2wLm9');
    expect(within(ext101).getByRole('button', { name: 'Hide SIP password for extension 101' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(ext101).getByRole('button', { name: 'Copy SIP password for extension 101' }));
    expect(writeText).toHaveBeenCalledWith('Xy7pQ2wLm9');
    expect(within(ext101).getByRole('alert')).toHaveTextContent('Password copied!');
    // The other extension stays masked.
    expect(valueOf(within(extensions).getByRole('listitem', { name: 'Extension 102' }), 'SIP Password')).toHaveTextContent('Kb4••••••••');
  });

  it('after a reload (nothing in memory) the order comes from storage and the passwords are said to have been shown once', async () => {
    window.localStorage.setItem('lastOrderId', ORDER_ID);
    renderThankYou({ route: '/thank-you', inMemory: null });
    const extensions = await screen.findByRole('region', { name: 'Extension Details' });
    expect(within(extensions).getByRole('listitem', { name: 'Extension 101' })).toHaveTextContent('jane101');
    expect(within(extensions).queryByText('SIP Password')).not.toBeInTheDocument();
    expect(extensions).toHaveTextContent('shown once');
    expect(extensions).toHaveTextContent('not stored');
    expect(within(screen.getByRole('region', { name: 'Account Information' })).queryByText('Password')).not.toBeInTheDocument();
  });

  it('says the confirmation email is on its way until it has left, and when it could not be sent', async () => {
    renderThankYou({ order: () => orderFixture({ emailStatus: 'queued' }) });
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(within(next).getByRole('status')).toHaveTextContent('We are e-mailing your confirmation to jane@example.co.uk…');
  });

  it('says the confirmation email could not be sent, and that the details are on the page', async () => {
    renderThankYou({ order: () => orderFixture({ emailStatus: 'failed' }) });
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(within(next).getByRole('status')).toHaveTextContent(
      'We could not e-mail you at jane@example.co.uk; your details are below, so please keep this page or print it.',
    );
  });

  it('says a confirmation email was sent and the team will be in touch, with Return to Home and Go to Dashboard', async () => {
    renderThankYou();
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('A confirmation email has been sent to jane@example.co.uk.');
    expect(next).toHaveTextContent('Our team will be in touch');
    expect(within(next).getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(within(next).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/account');
  });

  it('Oops! without an order id, with Try Again to /checkout', async () => {
    const user = userEvent.setup();
    const { calls } = renderThankYou({ route: '/thank-you' });
    expect(screen.getByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No order data found. Please try placing an order again.');
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout page' })).toBeInTheDocument();
  });

  it('Oops! for an unknown order (404)', async () => {
    renderThankYou({ order: () => jsonResponse({ error: 'Order not found', code: 'order_not_found' }, 404) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No order data found. Please try placing an order again.');
  });

  it.each([
    ['a server error', () => jsonResponse({ error: 'Internal error', code: 'internal' }, 500)],
    ['an order not paid', () => orderFixture({ status: 'placed' })],
    ['a failed order', () => orderFixture({ status: 'failed' })],
  ])('Oops! for %s', async (_case, order) => {
    renderThankYou({ order });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while processing your order. Please try again.');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/checkout');
  });

  it('a cart that still holds desk phones: Now pay for your desk phones, to the hardware checkout (the app joins the cart)', async () => {
    mockFetch({
      'GET /api/catalogue': () => catalogueFixture,
      [`GET /api/orders/${ORDER_ID}`]: () => orderFixture(),
      [`GET /api/carts/${CART_ID}`]: () => hardwareCart(),
    });
    renderWithProviders(<JoinedThankYou />, { store: storeWithCart(hardwareCart()), route: `/thank-you?order=${ORDER_ID}` });
    const section = await screen.findByRole('region', { name: 'Now pay for your desk phones' });
    expect(within(section).getByRole('link', { name: 'Go to the hardware checkout' })).toHaveAttribute('href', '/hardware-checkout');
  });

  it('no desk phones left in the cart: no such section', async () => {
    renderThankYou();
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' });
    expect(screen.queryByRole('region', { name: 'Now pay for your desk phones' })).not.toBeInTheDocument();
  });
});
