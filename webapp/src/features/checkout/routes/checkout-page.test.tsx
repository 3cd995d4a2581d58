import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fullPageLoad } from '../../../lib/full-page-load';
import { cartTotals } from '../../../testing/fake-totals';
import { CART_ID, emptyCart, hardwareCart, mixedCart, serviceCart } from '../../../testing/fixtures';
import { jsonResponse, mockFetch, type Handler } from '../../../testing/mock-fetch';
import { installFakeStripe } from '../../../testing/fake-stripe';
import {
  accountFixture,
  checkoutStateWith,
  configFixture,
  filledForm,
  ORDER_ID,
  ORDER_SECRET,
  orderFixture,
  paidSubscription,
  paymentIntentFixture,
  setupIntentFixture,
  userAccountAnswer,
} from '../testing/fixtures';
import { checkoutStore, renderCheckout } from '../../../app/testing/render-checkout';
import { useCheckoutCart } from '../../../app/use-checkout-cart';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CheckoutPage } from './checkout-page';

vi.mock('../../../lib/full-page-load', () => ({ fullPageLoad: vi.fn(), openExternal: vi.fn() }));

/** The server: config, the payment calls and the order view; `overrides` replace any of them. */
function server(overrides: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/checkout/config': () => configFixture,
    [`GET /api/carts/${CART_ID}`]: () => serviceCart(),
    'POST /api/create-payment-intent/': () => paymentIntentFixture(),
    'POST /api/create-setup-intent/': () => setupIntentFixture,
    'POST /api/create-subscription/': () => paidSubscription,
    'POST /api/create-user-account/': (request) => userAccountAnswer(request),
    [`GET /api/orders/${ORDER_ID}`]: () => orderFixture(),
    ...overrides,
  });
}

const paths = (calls: { method: string; url: URL }[]) => calls.map((call) => `${call.method} ${call.url.pathname}`);

/** Step 3 with a filled form, from step 1 through Continue twice. */
async function openPayment(user: UserEvent, cart = serviceCart()) {
  const store = checkoutStore(cart, checkoutStateWith());
  const view = renderCheckout(store);
  await user.click(screen.getByRole('button', { name: 'Continue to Account Setup' }));
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await screen.findByPlaceholderText('number');
  return view;
}

/** Types a card into the stand-in's five inputs. */
async function typeCard(user: UserEvent, number = '4242424242424242') {
  const number_ = screen.getByPlaceholderText('number');
  await user.clear(number_);
  await user.type(number_, number);
  await user.type(screen.getByPlaceholderText('exp_month'), '12');
  await user.type(screen.getByPlaceholderText('exp_year'), '30');
  await user.type(screen.getByPlaceholderText('cvc'), '123');
}

const completeOrder = () => screen.getByRole('button', { name: 'Complete Order' });

beforeEach(() => {
  vi.mocked(fullPageLoad).mockClear();
});

describe('checkout steps', () => {
  it('step 1 shows the package, add-ons, numbers and the server totals', () => {
    server();
    installFakeStripe();
    renderCheckout(checkoutStore(serviceCart()));
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const progress = screen.getByRole('navigation', { name: 'Checkout progress' });
    expect(within(progress).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1Order Summary', '2Account Setup', '3Payment']);
    expect(within(progress).getByText('Order Summary').closest('li')).toHaveAttribute('aria-current', 'step');

    expect(screen.getByRole('heading', { level: 2, name: 'Order Summary' })).toBeInTheDocument();
    expect(screen.getByText('Package: Single User x2 (Yearly)').nextElementSibling).toHaveTextContent('£95.80 per year');
    expect(within(screen.getByRole('list', { name: 'Add-ons' })).getByText('Call recording').nextElementSibling).toHaveTextContent('£76.80 per year');
    const numbers = screen.getByRole('list', { name: 'Phone numbers' });
    expect(within(numbers).getByText('020 7946 0123').nextElementSibling).toHaveTextContent('Free');
    expect(within(numbers).getByText('0161 496 0000').nextElementSibling).toHaveTextContent('£19.20 per year');
    expect(screen.getByText('Subtotal (per year)').nextElementSibling).toHaveTextContent('£191.80');
    expect(screen.getByText('VAT (20%)').nextElementSibling).toHaveTextContent('£38.36');
    expect(screen.getByText('Total per year').nextElementSibling).toHaveTextContent('£230.16');
  });

  it('says when support answers the phone', () => {
    server();
    installFakeStripe();
    renderCheckout(checkoutStore(serviceCart()));
    const help = screen.getByText(/Questions about your order\?/);
    expect(help).toHaveTextContent('Questions about your order? Call us on 020 7946 0000, 9am to 5:30pm.');
    expect(within(help).getByRole('link', { name: '020 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
  });

  it('desk phones in the cart are listed apart: not in these totals, they stay for their own checkout', () => {
    server();
    renderCheckout(checkoutStore(mixedCart()));
    expect(screen.getByRole('list', { name: 'Hardware' })).toHaveTextContent('Yealink T54W × 2');
    expect(screen.getByText(/Desk phones are paid in their own checkout/)).toBeInTheDocument();
  });

  it('a mixed cart: the totals are the services due today; the desk phones are noted outside them with their total inc. VAT', () => {
    server();
    renderCheckout(checkoutStore(mixedCart()));
    const list = screen.getByText('Subtotal (per year)', { selector: 'dt' }).closest('dl') as HTMLElement;
    expect(list).toHaveAccessibleName('Totals');
    expect(within(list).getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Subtotal (per year)', 'VAT (20%)', 'Total due today inc. VAT', 'Then per year inc. VAT',
    ]);
    expect(within(list).getByText('VAT (20%)').nextElementSibling).toHaveTextContent('£38.36');
    expect(within(list).getByText('Total due today inc. VAT').nextElementSibling).toHaveTextContent('£230.16');
    // Two £150.00 phones + £60.00 VAT.
    const note = screen.getByText('Desk phones: paid in the hardware checkout next, £360.00 inc. VAT');
    expect(note.closest('dl')).toBeNull();
    expect(list).not.toContainElement(note);
  });

  it('pay as you go shows the one-time top-up and what is due today', () => {
    server();
    installFakeStripe();
    const base = serviceCart({ addOns: [], phoneNumbers: [] });
    const payg = {
      ...base,
      package: 'payAsYouGo' as const,
      billingCycle: 'monthly' as const,
      topUpPence: 1000,
      items: [{ id: 'payg-monthly', name: 'Pay As You Go x1 (Monthly)', type: 'package' as const, plan: 'payAsYouGo' as const, billingCycle: 'monthly' as const, quantity: 1, unitPence: 0, linePence: 0 }],
      totals: cartTotals({ billingCycle: 'monthly', topUpSubtotalPence: 1000 }),
    };
    renderCheckout(checkoutStore(payg));
    expect(screen.getByText('Call credit of £10.00, paid once.')).toBeInTheDocument();
    expect(screen.getByText('Top-up credit (one-time)').nextElementSibling).toHaveTextContent('£10.00');
    expect(screen.getByText('VAT (20%)').nextElementSibling).toHaveTextContent('£2.00');
    expect(screen.getByText('Total due today inc. VAT').nextElementSibling).toHaveTextContent('£12.00');
  });

  it.each([
    ['no cart', null],
    ['a cart without a package', emptyCart()],
    ['a hardware-only cart', hardwareCart()],
  ])('%s: says no package has been selected', (_case, cart) => {
    server();
    renderCheckout(checkoutStore(cart));
    expect(screen.getByText('No package has been selected. Please select a package first.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to Account Setup' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/plans-and-pricing');
  });

  it('Continue and Back move between the steps, keep the form and scroll to the top each time', async () => {
    const user = userEvent.setup();
    server();
    installFakeStripe();
    const store = checkoutStore(serviceCart());
    renderCheckout(store);
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
    vi.mocked(window.scrollTo).mockClear();

    await user.click(screen.getByRole('button', { name: 'Continue to Account Setup' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Account Setup' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await user.type(screen.getByLabelText('Company Name'), 'Acme Ltd');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');

    vi.mocked(window.scrollTo).mockClear();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Order Summary' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await user.click(screen.getByRole('button', { name: 'Continue to Account Setup' }));
    expect(screen.getByLabelText('Company Name')).toHaveValue('Acme Ltd');
    expect(screen.getByLabelText('Password')).toHaveValue('correct-horse');
    // Nothing of the form is written to storage.
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('correct-horse');
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('correct-horse');
  });

  it('/checkout/account-setup opens at step 2, not indexed', async () => {
    server();
    installFakeStripe();
    renderCheckout(checkoutStore(serviceCart()), { route: '/checkout/account-setup', initialStep: 2 });
    expect(screen.getByRole('heading', { level: 2, name: 'Account Setup' })).toBeInTheDocument();
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow'));
  });

  it('loads Stripe.js from the configured URL once, at the end of the body, then makes the client with the key', async () => {
    server();
    const user = userEvent.setup();
    const store = checkoutStore(serviceCart(), checkoutStateWith());
    const { unmount } = renderCheckout(store);
    const selector = `script[src="${configFixture.stripeJsUrl}"]`;
    await waitFor(() => expect(document.querySelectorAll(selector)).toHaveLength(1));
    const script = document.querySelector<HTMLScriptElement>(selector);
    expect(script?.parentElement).toBe(document.body);

    const stripe = installFakeStripe();
    script?.dispatchEvent(new Event('load'));
    await user.click(screen.getByRole('button', { name: 'Continue to Account Setup' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByPlaceholderText('number')).toBeInTheDocument();
    expect(stripe.Stripe).toHaveBeenCalledWith('pk_test_123');
    expect(document.querySelectorAll(selector)).toHaveLength(1);

    // Leaving the page destroys the card element.
    unmount();
    expect(stripe.elements.at(-1)?.destroyed).toBe(true);
    script?.remove();
  });
});

describe('Complete Order', () => {
  it('is disabled until the card is complete (the stand-in sends change without an event)', async () => {
    const user = userEvent.setup();
    server();
    installFakeStripe();
    await openPayment(user);
    expect(completeOrder()).toBeDisabled();
    await user.type(screen.getByPlaceholderText('number'), '4242424242424242');
    await user.type(screen.getByPlaceholderText('exp_month'), '12');
    expect(completeOrder()).toBeDisabled();
    await user.type(screen.getByPlaceholderText('exp_year'), '30');
    await user.type(screen.getByPlaceholderText('cvc'), '12');
    expect(completeOrder()).toBeDisabled();
    await user.type(screen.getByPlaceholderText('cvc'), '3');
    expect(completeOrder()).toBeEnabled();
  });

  it("is disabled without the server's amounts", async () => {
    const user = userEvent.setup();
    server();
    installFakeStripe();
    const cart = serviceCart();
    await openPayment(user, { ...cart, totals: { ...cart.totals, serviceDueTodayPence: 0 } });
    await typeCard(user);
    expect(completeOrder()).toBeDisabled();
  });

  it('is disabled while processing, with the progress shown', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    server({ 'POST /api/create-payment-intent/': () => new Promise<Response>((resolve) => (answer = resolve)) });
    installFakeStripe();
    await openPayment(user);
    await typeCard(user);
    await user.click(completeOrder());
    expect(completeOrder()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Processing your payment…');
    const progress = screen.getByRole('list', { name: 'Payment progress' });
    expect(within(progress).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '○ Payment confirmed (pending)',
      '○ Account created (pending)',
      '○ Extensions set up (pending)',
      '○ Subscription finalised (pending)',
    ]);
    answer(jsonResponse({ error: 'Invalid cart data. Please try again.', code: 'empty_cart' }, 422));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid cart data. Please try again.');
    expect(completeOrder()).toBeEnabled();
  });

  it('happy path: pays, creates the account and shows the thank-you page with the SIP passwords from memory', async () => {
    const user = userEvent.setup();
    const { calls } = server();
    const stripe = installFakeStripe();
    const { store, history } = await openPayment(user);
    await typeCard(user);
    await user.click(completeOrder());

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/thank-you');
    expect(history.location.search).toBe(`?order=${ORDER_ID}`);
    // (The thank-you page also asks whether the extensions are registered.)
    const registrations = `GET /api/orders/${ORDER_ID}/registrations`;
    expect(paths(calls).filter((path) => !path.startsWith('GET /api/checkout') && path !== registrations)).toEqual([
      'POST /api/create-payment-intent/',
      'POST /api/create-setup-intent/',
      'POST /api/create-subscription/',
      'POST /api/create-user-account/',
      `GET /api/orders/${ORDER_ID}`,
    ]);
    const body = (path: string) => JSON.parse(calls.find((call) => call.url.pathname === path)?.body ?? 'null');
    // With the version of the cart's prices the page shows.
    expect(body('/api/create-payment-intent/')).toEqual({ cartId: CART_ID, customerInfo: filledForm(), quoteVersion: serviceCart().quoteVersion });
    expect(body('/api/create-setup-intent/')).toEqual({ orderId: ORDER_ID });
    expect(body('/api/create-subscription/')).toEqual({ orderId: ORDER_ID, paymentMethodId: 'pm_123', setupIntentId: 'seti_123' });
    expect(body('/api/create-user-account/')).toEqual({ orderId: ORDER_ID, orderSecret: ORDER_SECRET, password: 'correct-horse', customerInfo: filledForm() });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_123_secret_abc', {
      payment_method: { card: stripe.elements.at(-1), billing_details: { name: 'Jane Smith', email: 'jane@example.co.uk' } },
    });

    // The SIP passwords come from memory, partly masked.
    const extension = screen.getByRole('listitem', { name: 'Extension 101' });
    expect(within(extension).getByText('Xy7••••••••')).toBeInTheDocument();
    // The cart is forgotten (the server emptied it); storage holds the order id and no password.
    expect(store.getState().cart.cartId).toBeNull();
    expect(window.localStorage.getItem('cartId')).toBeNull();
    expect(window.localStorage.getItem('lastOrderId')).toBe(ORDER_ID);
    const stored = JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage });
    for (const secret of ['correct-horse', 'Xy7pQ2wLm9', 'Kb4rT8vNz3']) expect(stored).not.toContain(secret);
    // The order's secret stays in this tab only (its thank-you page proves with it that this browser placed the order).
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(ORDER_SECRET);
    expect(window.sessionStorage.getItem(`orderSecret:${ORDER_ID}`)).toBe(ORDER_SECRET);
    expect(history.location.search + history.location.hash).not.toContain(ORDER_SECRET);
    // The app's navigation happened: no hard redirect.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fullPageLoad).not.toHaveBeenCalled();
  });

  it("keeps the order's secret in the checkout state and this tab's sessionStorage while paying (never localStorage or the URL); once completed, this tab keeps only the completed order's", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server({
      'POST /api/create-user-account/': async (request) => {
        await held;
        return userAccountAnswer(request);
      },
    });
    installFakeStripe();
    const { store, history } = await openPayment(user);
    await typeCard(user);
    await user.click(completeOrder());

    await waitFor(() => expect(store.getState().checkout.placed).toEqual({ orderId: ORDER_ID, orderSecret: ORDER_SECRET }));
    expect(window.sessionStorage.getItem(`orderSecret:${ORDER_ID}`)).toBe(ORDER_SECRET);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(ORDER_SECRET);
    expect(history.location.pathname + history.location.search + history.location.hash).not.toContain(ORDER_SECRET);

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(store.getState().checkout.placed).toBeNull();
    expect(window.sessionStorage.getItem(`orderSecret:${ORDER_ID}`)).toBe(ORDER_SECRET);
    expect(window.sessionStorage.getItem('orderSecret:latest')).toBeNull();
    expect(store.getState().cart.cartId).toBeNull();
    expect(history.location.search).toBe(`?order=${ORDER_ID}`);
  });

  it("after a reload mid-checkout, an order re-opened without a secret in the answer is finished with the one this tab kept", async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem(`orderSecret:${ORDER_ID}`, ORDER_SECRET);
    const { calls } = server({ 'POST /api/create-payment-intent/': () => paymentIntentFixture({ orderSecret: undefined }) });
    installFakeStripe();
    await openPayment(user);
    await typeCard(user);
    await user.click(completeOrder());

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    const account = calls.find((call) => call.url.pathname === '/api/create-user-account/');
    expect(JSON.parse(account?.body ?? 'null')).toMatchObject({ orderId: ORDER_ID, orderSecret: ORDER_SECRET });
    expect(window.sessionStorage.getItem(`orderSecret:${ORDER_ID}`)).toBe(ORDER_SECRET);
  });

  it("403 order_secret_mismatch: the server's message under the card, the checkout stops there and no password is shown", async () => {
    const user = userEvent.setup();
    // The order was placed from another browser: this one has no secret for it.
    const { calls } = server({ 'POST /api/create-payment-intent/': () => paymentIntentFixture({ orderSecret: undefined }) });
    installFakeStripe();
    const { store, history } = await openPayment(user);
    await typeCard(user);
    await user.click(completeOrder());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This order was placed from another browser. Please sign in or contact support.');
    expect(screen.getByRole('group', { name: 'Card details' })).toHaveAccessibleDescription(alert.textContent ?? '');
    expect(history.location.pathname).toBe('/checkout');
    expect(screen.queryByRole('heading', { name: 'Thank you for your order!' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /^Extension / })).not.toBeInTheDocument();
    for (const secret of ['Xy7', 'Kb4', 'jane101']) expect(document.body).not.toHaveTextContent(secret);
    expect(paths(calls).at(-1)).toBe('POST /api/create-user-account/');
    expect(store.getState().checkout.completed).toBeNull();
    // Not completed: the cart stays.
    expect(store.getState().cart.cartId).toBe(CART_ID);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fullPageLoad).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('lastOrderId')).toBeNull();
  });

  it('with desk phones in the cart, keeps the cart and reads it again: the phones stay for their own checkout', async () => {
    const user = userEvent.setup();
    let ordered = false;
    let readAfterOrder = 0;
    server({
      [`GET /api/carts/${CART_ID}`]: () => {
        if (!ordered) return mixedCart();
        readAfterOrder += 1;
        return hardwareCart();
      },
      'POST /api/create-user-account/': () => {
        ordered = true;
        return accountFixture();
      },
    });
    installFakeStripe();
    const { store } = await openPayment(user, mixedCart());
    // The service checkout charges the services only.
    expect(screen.getByText(/^Amount due today:/)).toHaveTextContent('Amount due today: £230.16 inc. VAT');
    await typeCard(user);
    await user.click(completeOrder());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(store.getState().cart.cartId).toBe(CART_ID);
    await vi.waitFor(() => expect(readAfterOrder).toBeGreaterThanOrEqual(1));
  });

  it('falls back to a full page load of the thank-you page when the navigation has not taken the visitor there after 500 ms', async () => {
    const user = userEvent.setup();
    server();
    installFakeStripe();
    function Joined() {
      return <CheckoutPage checkoutCart={useCheckoutCart()} />;
    }
    // The same page answers /thank-you too, so the checkout stays mounted as if the navigation had stalled.
    const { history } = renderWithProviders(<Joined />, {
      store: checkoutStore(serviceCart(), checkoutStateWith()),
      route: '/checkout',
      extraRoutes: [{ path: '/thank-you', element: <Joined /> }],
    });
    await user.click(screen.getByRole('button', { name: 'Continue to Account Setup' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await typeCard(user);
    await user.click(completeOrder());
    await waitFor(() => expect(history.location.pathname).toBe('/thank-you'));
    expect(fullPageLoad).not.toHaveBeenCalled();
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith(`/thank-you?order=${ORDER_ID}`));
  });

  it('a declined card shows its message under the card; another card then goes through', async () => {
    const user = userEvent.setup();
    const { calls } = server();
    const stripe = installFakeStripe();
    stripe.confirmCardSetup.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card was declined.' },
    });
    await openPayment(user);
    await typeCard(user, '4000000000009995');
    await user.click(completeOrder());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card has insufficient funds. Please use a different card or contact your bank.');
    expect(screen.getByRole('group', { name: 'Card details' })).toHaveAccessibleDescription(alert.textContent ?? '');
    expect(paths(calls)).not.toContain('POST /api/create-subscription/');
    expect(completeOrder()).toBeEnabled();

    await typeCard(user, '4242424242424242');
    await user.click(completeOrder());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(stripe.confirmCardSetup).toHaveBeenCalledTimes(2);
  });

  it('a charge the bank refuses (402) shows the server message and the button works again', async () => {
    const user = userEvent.setup();
    let charges = 0;
    server({
      'POST /api/create-subscription/': () => {
        charges += 1;
        if (charges === 1) {
          return jsonResponse({ success: false, error: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline', card_declined: true }, 402);
        }
        return paidSubscription;
      },
    });
    installFakeStripe();
    await openPayment(user);
    await typeCard(user, '4000000000000341');
    await user.click(completeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(completeOrder()).toBeEnabled();
    await user.click(completeOrder());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
  });

  it("prices changed since the page loaded (409 price_changed): nothing placed, the cart as priced now and the server's sentence; the next click names the new version", async () => {
    const user = userEvent.setup();
    const sentence = 'The prices changed since this page was loaded. Please check the new total and try again.';
    // Single User x2 yearly at £49.90 each now: £99.80 + £76.80 + £19.20 = £195.80, £39.16 VAT.
    const now = serviceCart({
      quoteVersion: 'qcart-priced-now',
      items: [{ id: 'single-yearly', name: 'Single User x2 (Yearly)', type: 'package', plan: 'singleUser', billingCycle: 'yearly', quantity: 2, unitPence: 4990, linePence: 9980 }],
      totals: cartTotals({ billingCycle: 'yearly', packagePence: 9980, addOnsPence: 7680, numbersPence: 1920 }),
    });
    const versions: unknown[] = [];
    server({
      'POST /api/create-payment-intent/': async (request) => {
        const { quoteVersion } = (await request.json()) as { quoteVersion?: string };
        versions.push(quoteVersion);
        if (quoteVersion !== now.quoteVersion) return jsonResponse({ error: sentence, code: 'price_changed', cart: now }, 409);
        return jsonResponse({ error: 'Stop here.', code: 'test_stop' }, 500);
      },
    });
    installFakeStripe();
    await openPayment(user);
    expect(screen.getByText(/^Amount due today/)).toHaveTextContent('£230.16');
    await typeCard(user);
    await user.click(completeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.getByText(/^Amount due today/)).toHaveTextContent('£234.96');
    expect(completeOrder()).toBeEnabled();

    await user.click(completeOrder());
    await waitFor(() => expect(versions).toEqual([serviceCart().quoteVersion, 'qcart-priced-now']));
  });

  it('3-D Secure on the charge: confirmCardPayment, then the same create-subscription again', async () => {
    const user = userEvent.setup();
    let charges = 0;
    const { calls } = server({
      'POST /api/create-subscription/': () => {
        charges += 1;
        return charges === 1 ? { success: false, status: 'requires_action', requiresAction: true, clientSecret: 'pi_3ds_secret_abc' } : paidSubscription;
      },
    });
    const stripe = installFakeStripe();
    await openPayment(user);
    await typeCard(user, '4000002760003184');
    await user.click(completeOrder());

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_3ds_secret_abc');
    const charged = calls.filter((call) => call.url.pathname === '/api/create-subscription/');
    expect(charged).toHaveLength(2);
    expect(charged[1].body).toBe(charged[0].body);
  });

  it("the server's field errors send the visitor back to step 2 with the messages under the fields", async () => {
    const user = userEvent.setup();
    server({
      'POST /api/create-payment-intent/': () =>
        jsonResponse(
          { error: 'Please correct the errors below and try again.', code: 'invalid_fields', fieldErrors: { phone: 'Please enter a valid phone number' } },
          422,
        ),
    });
    installFakeStripe();
    await openPayment(user);
    await typeCard(user);
    await user.click(completeOrder());
    expect(await screen.findByRole('heading', { level: 2, name: 'Account Setup' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the errors below and try again.');
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription('Please enter a valid phone number');
  });

  it('a legacy payment type is refused with its message', async () => {
    const user = userEvent.setup();
    const { calls } = server({ 'POST /api/create-payment-intent/': () => paymentIntentFixture({ paymentType: 'payg_upfront_payment' }) });
    installFakeStripe();
    await openPayment(user);
    await typeCard(user);
    await user.click(completeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Legacy payment type detected. Please refresh and try again.');
    expect(paths(calls)).not.toContain('POST /api/create-setup-intent/');
  });
});
