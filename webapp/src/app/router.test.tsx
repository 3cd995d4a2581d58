import { describe, expect, it, beforeEach, vi } from 'vitest';
import { setAnalyticsSink } from '../lib/analytics';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { amountsFor, CART_LINES, OPTIONS } from '../features/hardware-checkout/testing/fake-hardware-checkout-server';
import { CART_ID, catalogueFixture, hardwareCart } from '../testing/fixtures';
import { mockFetch } from '../testing/mock-fetch';
import { redirects, UNKNOWN_PATH_TARGET } from './redirects';
import { AppRouter, redirectTarget } from './router';
import { makeStore } from './store';

/** The app's router over a memory history, as main.tsx renders it over the browser history. */
function renderApp(initialEntries: string[], initialIndex = initialEntries.length - 1) {
  const history = createMemoryHistory({ initialEntries, initialIndex, v5Compat: true });
  render(
    <Provider store={makeStore()}>
      <AppRouter history={history} />
    </Provider>,
  );
  return history;
}

async function land(path: string) {
  const history = renderApp(['/', path], 1);
  await screen.findByRole('heading', { level: 1 });
  return history;
}

beforeEach(() => {
  mockFetch({ 'GET /api/catalogue': () => catalogueFixture });
});

describe('redirects', () => {
  it('covers every old and alternative path', () => {
    expect(redirects).toEqual({
      '/broadband': '/business-broadband-page',
      '/business-broadband': '/business-broadband-page',
      '/about-us': '/about',
      '/business-voip': '/business-phone-system',
      '/small-business-phone': '/business-phone-system',
      '/residential-voip-home': '/residential-voip',
      '/voip-features': '/business-features',
      '/business-pricing': '/plans-and-pricing',
      '/pricing': '/plans-and-pricing',
      '/plans': '/plans-and-pricing',
      '/voip-comparison': '/plans-and-pricing',
      '/testimonials': '/',
      '/login': '/',
      '/guide': '/support',
    });
  });

  it.each(['/pricing', '/plans', '/business-pricing', '/voip-comparison', '/testimonials', '/login'])(
    '%s redirects with replace',
    async (from) => {
      const history = await land(from);
      expect(history.location.pathname).toBe(redirects[from]);
      expect(history.action).toBe('REPLACE');
      expect(history.index).toBe(1);
    },
  );

  it('targets without a page yet end on the plans page (unknown path rule)', async () => {
    const history = await land('/about-us');
    expect(history.location.pathname).toBe('/plans-and-pricing');
  });

  it('sends any unknown path to /plans-and-pricing', async () => {
    const history = await land('/no-such-page');
    expect(history.location.pathname).toBe(UNKNOWN_PATH_TARGET);
    expect(history.action).toBe('REPLACE');
  });

  it('matches like the router: any case, a trailing slash, nested unknown paths', () => {
    expect(redirectTarget('/Pricing/')).toBe('/plans-and-pricing');
    expect(redirectTarget('/no-such-page/at-all?x=1')).toBe(UNKNOWN_PATH_TARGET);
    expect(redirectTarget('/')).toBeNull();
    expect(redirectTarget('/plans-and-pricing')).toBeNull();
    expect(redirectTarget('/add-ons')).toBeNull();
    expect(redirectTarget('/checkout')).toBeNull();
    expect(redirectTarget('/checkout/account-setup')).toBeNull();
    expect(redirectTarget('/thank-you')).toBeNull();
    expect(redirectTarget('/hardware-checkout')).toBeNull();
    expect(redirectTarget('/hardware-thank-you')).toBeNull();
  });

  it('a navigation to a redirecting path replaces the current entry with the target', async () => {
    const history = renderApp(['/']);
    await screen.findByRole('heading', { level: 1, name: /Business calls that just work/ });
    await act(async () => {
      // /blog has no page yet: the unknown-path rule sends it to the plans page.
      screen.getAllByRole('link', { name: 'Blog' })[0].click();
    });
    await screen.findByRole('heading', { level: 1, name: 'Plans and Pricing' });
    expect(history.location.pathname).toBe(UNKNOWN_PATH_TARGET);
    expect(history.action).toBe('REPLACE');
    expect(history.index).toBe(0);
  });

  it('back/forward to a redirecting path lands on the target', async () => {
    const history = renderApp(['/pricing', '/'], 1);
    await screen.findByRole('heading', { level: 1, name: /Business calls that just work/ });
    await act(() => history.go(-1));
    await screen.findByRole('heading', { level: 1, name: 'Plans and Pricing' });
    expect(history.location.pathname).toBe('/plans-and-pricing');
    expect(history.action).toBe('REPLACE');
  });
});

describe('pages', () => {
  it.each([
    ['/', 'Business calls that just work'],
    ['/plans-and-pricing', 'Plans and Pricing'],
    ['/all-phone-numbers', 'UK Phone Numbers'],
    ['/international-numbers', 'International Phone Numbers'],
    ['/mobile-numbers', 'UK Mobile Numbers'],
    ['/free-trial-numbers', 'Choose your free number'],
    ['/checkout', 'Checkout'],
    ['/checkout/account-setup', 'Checkout'],
    ['/thank-you', 'Oops!'],
    ['/hardware-thank-you', 'Order Not Found'],
    ['/free-trial-account-setup', 'Start your free trial'],
    ['/free-trial-thank-you', 'Your free trial'],
  ])('%s renders exactly one H1', async (path, heading) => {
    renderApp([path]);
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(heading) })).toBeInTheDocument();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    // The page meta is written in an effect after the first paint.
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `https://www.talkbridge.co.uk${path}`),
    );
    expect(document.title).toContain('Talkbridge');
  });
});

describe('trial confirmation', () => {
  it('/thank-you/trial is the trial variant of the confirmation', async () => {
    const history = renderApp(['/thank-you/trial']);
    expect(await screen.findByRole('heading', { level: 1, name: /Your free trial/ })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/thank-you/trial');
  });
});

describe('hardware checkout', () => {
  it("/hardware-checkout is the hardware checkout (the cart dropdown's full page load lands there)", async () => {
    window.localStorage.setItem('cartId', CART_ID);
    mockFetch({
      'GET /api/catalogue': () => catalogueFixture,
      [`GET /api/carts/${CART_ID}`]: () => hardwareCart(),
      'GET /api/hardware-checkout/options': () => OPTIONS,
      'GET /api/hardware-checkout/quote': () => ({ lines: CART_LINES, shipping: null, amounts: amountsFor(16300, 0) }),
    });
    const history = renderApp(['/hardware-checkout']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hardware Checkout' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Order Summary' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/hardware-checkout');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('/hardware-checkout without a cart goes home', async () => {
    const history = renderApp(['/hardware-checkout']);
    expect(await screen.findByRole('heading', { level: 1, name: /Business calls that just work/ })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/');
  });
});

describe('number pages', () => {
  it('/free-numbers is the free-trial picker, canonical /free-trial-numbers', async () => {
    const history = renderApp(['/free-numbers']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your free number' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/free-numbers');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.talkbridge.co.uk/free-trial-numbers');
  });

  it('/free-trial-account-setup is the trial sign-up page (no redirect)', async () => {
    expect(redirectTarget('/free-trial-account-setup')).toBeNull();
    const history = await land('/free-trial-account-setup');
    expect(screen.getByRole('heading', { level: 1, name: 'Start your free trial' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/free-trial-account-setup');
    expect(history.action).toBe('POP');
  });

  it("the picker's Proceed saves the number and opens the trial sign-up showing it", async () => {
    const number = { value: '441632960001', displayValue: '01632 960001', status: 'Available' };
    mockFetch({ 'GET /api/catalogue': () => catalogueFixture, 'GET /api/free-did-numbers/': () => ({ numbers: [number] }) });
    const history = renderApp(['/free-trial-numbers']);
    const radio = await screen.findByRole('radio', { name: '01632 960001' });
    act(() => radio.click());
    await act(async () => {
      screen.getByRole('button', { name: 'Proceed with 01632 960001' }).click();
    });
    await screen.findByRole('heading', { level: 1, name: 'Start your free trial' });
    expect(history.location.pathname).toBe('/free-trial-account-setup');
    expect(history.action).toBe('PUSH');
    expect(history.index).toBe(1);
    expect(within(screen.getByRole('complementary', { name: 'Your free trial' })).getByText('01632 960001')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('selectedFreeNumber') ?? 'null')).toEqual(number);
  });
});

describe('page views', () => {
  it('are tracked on load, on in-app navigation and on back/forward, through the one analytics module', async () => {
    const sink = vi.fn();
    setAnalyticsSink(sink);
    const history = renderApp(['/']);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(sink).toHaveBeenCalledTimes(1));
    expect(sink).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/', trigger: 'load' }));
    expect(sink).toHaveBeenLastCalledWith(expect.objectContaining({ title: expect.stringContaining('Talkbridge') }));

    await act(async () => {
      screen.getByRole('link', { name: 'Pricing' }).click();
    });
    await screen.findByRole('heading', { level: 1, name: 'Plans and Pricing' });
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledTimes(2));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(history.location.pathname).toBe('/plans-and-pricing');
    expect(sink).toHaveBeenCalledTimes(2);
    expect(sink).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/plans-and-pricing', trigger: 'navigation' }));

    await act(() => history.go(-1));
    await waitFor(() => expect(sink).toHaveBeenCalledTimes(3));
    expect(sink).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/', trigger: 'back-forward' }));
  });
});

// Last: it loads fresh copies of the app's modules.
describe('loading', () => {
  it('shows the progress bar while a page loads, keeping the current page until the next one is ready', async () => {
    // Fresh route modules: no page's code has been loaded yet.
    vi.resetModules();
    const { AppRouter: FreshAppRouter } = await import('./router');
    const { makeStore: freshMakeStore } = await import('./store');
    const history = createMemoryHistory({ initialEntries: ['/'], v5Compat: true });
    render(
      <Provider store={freshMakeStore()}>
        <FreshAppRouter history={history} />
      </Provider>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: /Business calls that just work/ });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => screen.getByRole('link', { name: 'Pricing' }).click());
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /Business calls that just work/ })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Plans and Pricing' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
