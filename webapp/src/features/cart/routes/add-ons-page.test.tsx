import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeWithCart } from '../../../app/testing/store-with-cart';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { cartTotals } from '../../../testing/fake-totals';
import { CART_ID, catalogueFixture, emptyCart, mixedCart, serviceCart } from '../../../testing/fixtures';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { AddOnsPage, normaliseTopUpPounds } from './add-ons-page';

const pricingRoute = [{ path: '/pricing', element: <h1>Pricing page</h1> }];

function paygCart(topUpPence = 1000) {
  const base = serviceCart({ addOns: [], phoneNumbers: [], badgeCount: 1 });
  return {
    ...base,
    package: 'payAsYouGo' as const,
    billingCycle: 'monthly' as const,
    topUpPence,
    items: [{ id: 'payg-monthly', name: 'Pay As You Go x1 (Monthly)', type: 'package' as const, plan: 'payAsYouGo' as const, billingCycle: 'monthly' as const, quantity: 1, unitPence: 0, linePence: 0 }],
    totals: cartTotals({ billingCycle: 'monthly', topUpSubtotalPence: topUpPence }),
  };
}

describe('AddOnsPage', () => {
  it('sends a visitor with no cart to /pricing', async () => {
    mockFetch({ 'GET /api/catalogue': () => catalogueFixture });
    const { history } = renderWithProviders(<AddOnsPage />, { route: '/add-ons', extraRoutes: pricingRoute });
    await waitFor(() => expect(history.location.pathname).toBe('/pricing'));
  });

  it('names each desk phone whose price changed since it went into the cart in the order summary', async () => {
    mockFetch({});
    const cart = mixedCart({ unitPence: 16000 });
    const store = storeWithCart({ ...cart, priceChanges: [{ productId: 'p-t54w', name: 'Yealink T54W', fromPence: 15000, toPence: 16000 }] }, catalogueFixture);
    renderWithProviders(<AddOnsPage />, { store, route: '/add-ons' });
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByRole('status').textContent).toBe('The price of Yealink T54W changed from £150.00 to £160.00');
  });

  it('sends a cart without items to /pricing', async () => {
    mockFetch({});
    const store = storeWithCart(emptyCart(), catalogueFixture);
    const { history } = renderWithProviders(<AddOnsPage />, { store, route: '/add-ons', extraRoutes: pricingRoute });
    await waitFor(() => expect(history.location.pathname).toBe('/pricing'));
  });

  it('shows the path with Add-ons current, the plan add-ons and the order summary', async () => {
    mockFetch({});
    const store = storeWithCart(serviceCart(), catalogueFixture);
    renderWithProviders(<AddOnsPage />, { store, route: '/add-ons' });
    const path = screen.getByRole('navigation', { name: 'Order progress' });
    expect(within(path).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '✓Plan', '2Add-ons', '3Phone Numbers', '4Order Summary', '5Account Setup', '6Payment',
    ]);
    expect(within(path).getByText('Add-ons').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove Call recording' })).toHaveAttribute('aria-pressed', 'true');
    const ivr = screen.getByRole('button', { name: 'Add Interactive Voice Response' });
    expect(ivr).toHaveAttribute('aria-pressed', 'false');
    expect(ivr.closest('li')).toHaveTextContent('£19.20 per year');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Subtotal').nextElementSibling).toHaveTextContent('£191.80');
    expect(within(summary).getByText('VAT (20%)').nextElementSibling).toHaveTextContent('£38.36');
    expect(within(summary).getByText('Total per year').nextElementSibling).toHaveTextContent('£230.16');
    expect(within(summary).getByText('Due today inc. VAT').nextElementSibling).toHaveTextContent('£230.16');
    expect(within(summary).queryByText(/Desk phones/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Continue to Phone Numbers' })).toHaveAttribute('href', '/all-phone-numbers?checkout=true');
  });

  it('a mixed cart: due today is the services only; the desk phones are noted outside the totals with their total inc. VAT', () => {
    mockFetch({});
    renderWithProviders(<AddOnsPage />, { store: storeWithCart(mixedCart({ quantity: 1, unitPence: 6499 }), catalogueFixture), route: '/add-ons' });
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    const list = within(summary).getByText('Due today inc. VAT', { selector: 'dt' }).closest('dl') as HTMLElement;
    expect(within(list).getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Package', 'Add-ons (1)', 'Phone numbers (2)', 'Subtotal', 'VAT (20%)', 'Total per year', 'Due today inc. VAT',
    ]);
    expect(within(list).getByText('Due today inc. VAT').nextElementSibling).toHaveTextContent('£230.16');
    // £64.99 + £13.00 VAT.
    const note = within(summary).getByText('Desk phones: paid in the hardware checkout next, £77.99 inc. VAT');
    expect(note.closest('dl')).toBeNull();
    expect(list).not.toContainElement(note);
  });

  it('offers Proceed to Checkout once numbers are chosen (the numbers page in checkout mode comes back here)', () => {
    mockFetch({});
    renderWithProviders(<AddOnsPage />, { store: storeWithCart(serviceCart(), catalogueFixture), route: '/add-ons' });
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');

    const withoutNumbers = serviceCart({ phoneNumbers: [], hasSelectedNumbers: false });
    renderWithProviders(<AddOnsPage />, { store: storeWithCart(withoutNumbers, catalogueFixture), route: '/add-ons' });
    expect(screen.getAllByRole('link', { name: 'Proceed to Checkout' })).toHaveLength(1);
  });

  it('adds an add-on on the server and shows the answer', async () => {
    const user = userEvent.setup();
    const withIvr = serviceCart({
      addOns: [
        ...serviceCart().addOns,
        { id: 'ivr', name: 'Interactive Voice Response', type: 'addOn', billingCycle: 'yearly', originalPence: 2400, pricePence: 1920 },
      ],
    });
    const { calls } = mockFetch({ [`POST /api/carts/${CART_ID}/add-ons`]: () => withIvr });
    const store = storeWithCart(serviceCart(), catalogueFixture);
    renderWithProviders(<AddOnsPage />, { store, route: '/add-ons' });
    await user.click(screen.getByRole('button', { name: 'Add Interactive Voice Response' }));
    expect(await screen.findByRole('button', { name: 'Remove Interactive Voice Response' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(calls[0].body)).toEqual({ addOnId: 'ivr' });
  });

  it('multi user shows that no add-ons apply', () => {
    mockFetch({});
    const cart = serviceCart({ package: 'multiUser', addOns: [] });
    renderWithProviders(<AddOnsPage />, { store: storeWithCart(cart, catalogueFixture), route: '/add-ons' });
    expect(screen.getByText(/No add-ons apply to the Multi User plan/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
  });

  it('pay as you go: the top-up is raised to £10 and rounded to whole pounds before it is sent', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ [`PUT /api/carts/${CART_ID}/top-up`]: () => paygCart(1300) });
    renderWithProviders(<AddOnsPage />, { store: storeWithCart(paygCart(), catalogueFixture), route: '/add-ons' });
    const input = screen.getByLabelText('Top-up amount (£)');
    expect(input).toHaveValue(10);
    expect(screen.getByText('Top-up credit (one-time)').nextElementSibling).toHaveTextContent('£10.00');

    await user.clear(input);
    await user.type(input, '4');
    await user.click(screen.getByRole('button', { name: 'Update top-up' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0].body)).toEqual({ amountPence: 1000 });

    // A browser number field keeps '12.6' as typed.
    fireEvent.change(input, { target: { value: '12.6' } });
    await user.click(screen.getByRole('button', { name: 'Update top-up' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(JSON.parse(calls[1].body)).toEqual({ amountPence: 1300 });
  });

  it('shows the server message when the top-up is refused', async () => {
    const user = userEvent.setup();
    mockFetch({
      [`PUT /api/carts/${CART_ID}/top-up`]: () =>
        jsonResponse({ error: 'Top-up is only available with Pay As You Go', code: 'top_up_not_available' }, 422),
    });
    renderWithProviders(<AddOnsPage />, { store: storeWithCart(paygCart(), catalogueFixture), route: '/add-ons' });
    await user.click(screen.getByRole('button', { name: 'Update top-up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Top-up is only available with Pay As You Go');
  });

  it('normalises typed top-ups', () => {
    expect(normaliseTopUpPounds('abc', 10)).toBeNull();
    expect(normaliseTopUpPounds('', 10)).toBeNull();
    expect(normaliseTopUpPounds('5', 10)).toBe(10);
    expect(normaliseTopUpPounds('25.4', 10)).toBe(25);
    expect(normaliseTopUpPounds('25', 10)).toBe(25);
  });
});

describe('AddOnsPage billing cycle', () => {
  it('switching to monthly asks the server and shows its prices', async () => {
    const user = userEvent.setup();
    const monthly = serviceCart({
      billingCycle: 'monthly',
      items: [{ id: 'single-monthly', name: 'Single User x2 (Monthly)', type: 'package', plan: 'singleUser', billingCycle: 'monthly', quantity: 2, unitPence: 499, linePence: 998 }],
      addOns: [{ id: 'callRecording', name: 'Call recording', type: 'addOn', billingCycle: 'monthly', originalPence: 800, pricePence: 800 }],
    });
    const { calls } = mockFetch({ [`PUT /api/carts/${CART_ID}/billing-cycle`]: () => monthly });
    renderWithProviders(<AddOnsPage />, { store: storeWithCart(serviceCart(), catalogueFixture), route: '/add-ons' });
    expect(screen.getByRole('switch', { name: 'Yearly billing' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(await screen.findByText('Single User x2 (Monthly)')).toBeInTheDocument();
    expect(JSON.parse(calls[0].body)).toEqual({ billingCycle: 'monthly' });
    expect(screen.getByRole('switch', { name: 'Yearly billing' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('button', { name: 'Remove Call recording' }).closest('li')).toHaveTextContent('£8.00 per month');
  });
});
