import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeWithCart } from '../../../app/testing/store-with-cart';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { emptyCart, hardwareCart, mixedCart, serviceCart } from '../../../testing/fixtures';
import { jsonResponse, mockFetch } from '../../../testing/mock-fetch';
import { fullPageLoad } from '../../../lib/full-page-load';
import { CartDropdown } from './cart-dropdown';

vi.mock('../../../lib/full-page-load', () => ({ fullPageLoad: vi.fn(), openExternal: vi.fn() }));

function renderDropdown(cart = serviceCart()) {
  const store = storeWithCart(cart);
  return renderWithProviders(
    <div>
      <CartDropdown />
      <p>Outside</p>
    </div>,
    { store, extraRoutes: [{ path: '/checkout', element: <h1>Checkout page</h1> }] },
  );
}

/** The figure next to a term of the open cart's totals. */
const totalOf = (term: string) => within(screen.getByRole('region', { name: 'Shopping cart' })).getByText(term, { selector: 'dt' }).nextElementSibling;

beforeEach(() => {
  vi.mocked(fullPageLoad).mockClear();
  mockFetch({});
});

describe('CartDropdown', () => {
  it('shows the server badge count once the live dropdown has loaded', async () => {
    renderDropdown();
    // The first load of the live dropdown's module in a test file can take a while.
    expect(await screen.findByRole('button', { name: 'Cart, 4 items' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows 0 with no cart and an empty state', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CartDropdown />);
    await user.click(screen.getByRole('button', { name: 'Cart, 0 items' }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('opens and closes on its button, and closes on an outside click and Escape', async () => {
    const user = userEvent.setup();
    renderDropdown();
    const button = await screen.findByRole('button', { name: 'Cart, 4 items' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Shopping cart' })).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('region', { name: 'Shopping cart' })).not.toBeInTheDocument();

    await user.click(button);
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('region', { name: 'Shopping cart' })).not.toBeInTheDocument();

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Shopping cart' })).not.toBeInTheDocument();
  });

  it('lists lines with server prices, Free for included numbers, and the totals', async () => {
    const user = userEvent.setup();
    renderDropdown();
    await user.click(screen.getByRole('button', { name: /^Cart/ }));
    const lines = within(screen.getByRole('list', { name: 'Cart contents' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Single User x2 (Yearly)£95.80');
    expect(lines[1]).toHaveTextContent('Call recording£96.00 £76.80');
    expect(lines[2]).toHaveTextContent('020 7946 0123Free');
    expect(lines[3]).toHaveTextContent('0161 496 0000£19.20');
    expect(totalOf('Subtotal (per year)')).toHaveTextContent('£191.80');
    expect(totalOf('VAT')).toHaveTextContent('£38.36');
    expect(totalOf('Total inc. VAT')).toHaveTextContent('£230.16');
  });

  it('a phones-only cart shows the phones ex VAT, their VAT and the total with it', async () => {
    const user = userEvent.setup();
    renderDropdown(hardwareCart({ quantity: 2, unitPence: 6400 }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const terms = within(screen.getByRole('region', { name: 'Shopping cart' })).getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual(['Hardware', 'VAT', 'Total inc. VAT']);
    expect(totalOf('Hardware')).toHaveTextContent('£128.00');
    expect(totalOf('VAT')).toHaveTextContent('£25.60');
    expect(totalOf('Total inc. VAT')).toHaveTextContent('£153.60');
  });

  it("a desk phone whose price changed since it went in: the cart says so (\"The price of X changed from £A to £B\") and prices it today", async () => {
    const user = userEvent.setup();
    const cart = {
      ...hardwareCart({ quantity: 1, unitPence: 12900 }),
      priceChanges: [{ productId: 'p-t54w', name: 'Yealink T54W', fromPence: 11900, toPence: 12900 }],
    };
    renderDropdown(cart);
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    const panel = screen.getByRole('region', { name: 'Shopping cart' });
    expect(within(panel).getByRole('status').textContent).toBe('The price of Yealink T54W changed from £119.00 to £129.00');
    expect(totalOf('Hardware')).toHaveTextContent('£129.00');
  });

  it('a cart without price changes says nothing of prices', async () => {
    const user = userEvent.setup();
    renderDropdown(hardwareCart());
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 item' }));
    expect(within(screen.getByRole('region', { name: 'Shopping cart' })).queryByRole('status')).not.toBeInTheDocument();
  });

  it('a mixed cart shows the whole cart: the services for the first period and the desk phones, each with their VAT', async () => {
    const user = userEvent.setup();
    renderDropdown(mixedCart());
    await user.click(screen.getByRole('button', { name: 'Cart, 5 items' }));
    expect(totalOf('Subtotal (per year)')).toHaveTextContent('£191.80');
    expect(totalOf('Hardware')).toHaveTextContent('£300.00');
    // £38.36 on the services and £60.00 on the phones.
    expect(totalOf('VAT')).toHaveTextContent('£98.36');
    expect(totalOf('Total inc. VAT')).toHaveTextContent('£590.16');
  });

  it('shows a pay-as-you-go top-up line', async () => {
    const user = userEvent.setup();
    renderDropdown(serviceCart({ topUpPence: 1000 }));
    await user.click(screen.getByRole('button', { name: /^Cart/ }));
    expect(screen.getByText('Call credit top-up (one-time)').nextElementSibling).toHaveTextContent('£10.00');
  });

  it('service-only cart: Checkout goes to /checkout in the app', async () => {
    const user = userEvent.setup();
    const { history } = renderDropdown();
    await user.click(screen.getByRole('button', { name: /^Cart/ }));
    expect(screen.queryByRole('button', { name: 'Checkout Hardware Only' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(history.location.pathname).toBe('/checkout');
    expect(fullPageLoad).not.toHaveBeenCalled();
  });

  it('hardware-only cart: Checkout loads /hardware-checkout as a full page', async () => {
    const user = userEvent.setup();
    renderDropdown(hardwareCart());
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    expect(screen.getByText('Yealink T54W × 2')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Checkout/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(fullPageLoad).toHaveBeenCalledWith('/hardware-checkout');
  });

  it('mixed cart: Checkout All Items and Checkout Hardware Only', async () => {
    const user = userEvent.setup();
    const { history } = renderDropdown(mixedCart());
    await user.click(screen.getByRole('button', { name: 'Cart, 5 items' }));
    await user.click(screen.getByRole('button', { name: 'Checkout Hardware Only' }));
    expect(fullPageLoad).toHaveBeenCalledWith('/hardware-checkout');
    await user.click(screen.getByRole('link', { name: 'Checkout All Items' }));
    expect(history.location.pathname).toBe('/checkout');
  });

  it('removing a line updates the badge from the server answer, and a refusal is shown', async () => {
    const user = userEvent.setup();
    const afterRemoval = serviceCart({ addOns: [], badgeCount: 3 });
    const { calls } = mockFetch({
      [`DELETE /api/carts/${afterRemoval.id}/add-ons/callRecording`]: () => afterRemoval,
      [`DELETE /api/carts/${afterRemoval.id}/items/single-yearly`]: () =>
        jsonResponse({ error: 'The cart changed, please try again', code: 'conflict' }, 409),
    });
    renderDropdown();
    await user.click(screen.getByRole('button', { name: /^Cart/ }));
    await user.click(screen.getByRole('button', { name: 'Remove Call recording' }));
    expect(await screen.findByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(['DELETE']);

    await user.click(screen.getByRole('button', { name: 'Remove Single User x2 (Yearly)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The cart changed, please try again');
  });

  it('an empty server cart shows the empty state', async () => {
    const user = userEvent.setup();
    renderDropdown(emptyCart());
    await user.click(screen.getByRole('button', { name: 'Cart, 0 items' }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });
});
