import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { fakeHardwareServer, phone } from '../../features/hardware/testing/fake-hardware-server';
import { catalogueFixture } from '../../testing/fixtures';
import { AppRouter, redirectTarget } from '../router';
import { makeStore } from '../store';

const t54w = phone({ id: 'yea-1', name: 'Yealink T54W', pricePence: 11900 });
const t46u = phone({ id: 'yea-2', name: 'Yealink T46U', inStock: false });
const gxp = phone({ id: 'gs-1', brand: 'grandstream', name: 'Grandstream GXP2170' });

function renderApp(path: string) {
  const server = fakeHardwareServer({ items: [t54w, t46u, gxp], extra: { 'GET /api/catalogue': () => catalogueFixture } });
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const store = makeStore();
  render(
    <Provider store={store}>
      <AppRouter history={history} />
    </Provider>,
  );
  return { server, history, store };
}

describe('/hardware in the app', () => {
  it('is a page of its own (not the unknown-path redirect) with one H1 and its canonical URL', async () => {
    expect(redirectTarget('/hardware')).toBeNull();
    renderApp('/hardware');
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Desk Phones' })).toBeInTheDocument();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    // The page meta is written in an effect after the first paint.
    await waitFor(() => expect(document.title).toContain('Talkbridge'));
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.talkbridge.co.uk/hardware'),
    );
  });

  it("the header's brand links switch the tab", async () => {
    const user = userEvent.setup();
    const { history } = renderApp('/hardware#grandstream');
    expect(await screen.findByRole('tab', { name: 'Grandstream' })).toHaveAttribute('aria-selected', 'true');
    const mainNav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(mainNav).getByRole('button', { name: /Services/ }));
    await user.click(within(mainNav).getByRole('link', { name: 'Yealink Phones' }));
    expect(history.location.hash).toBe('#yealink');
    expect(screen.getByRole('tab', { name: 'Yealink' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Yealink T54W' })).toBeInTheDocument();
  });

  it('Add to Cart puts two phones in the cart (creating it); the badge and the cart line follow the server', async () => {
    const user = userEvent.setup();
    const { server, store } = renderApp('/hardware#yealink');
    const card = await screen.findByRole('article', { name: 'Yealink T54W' });
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(await within(card).findByText('Added 2 × Yealink T54W to your cart.')).toBeInTheDocument();
    expect(server.posted()).toEqual([{ productId: 'yea-1', quantity: 2 }]);
    expect(store.getState().cart.cartId).not.toBeNull();

    // The header hears of the cached cart on the store's next batched notification.
    const cartButton = await screen.findByRole('button', { name: 'Cart, 1 item' });
    await user.click(cartButton);
    const panel = screen.getByRole('region', { name: 'Shopping cart' });
    expect(within(panel).getByRole('list', { name: 'Cart contents' })).toHaveTextContent('Yealink T54W × 2£238.00');
    expect(within(panel).getByRole('button', { name: 'Checkout' })).toBeInTheDocument();

    const soldOut = screen.getByRole('article', { name: 'Yealink T46U' });
    expect(within(soldOut).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });
});
