import { describe, expect, it, beforeEach, vi } from 'vitest';
import { setAnalyticsSink } from '../lib/analytics';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Link, UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { amountsFor, CART_LINES, OPTIONS } from '../features/hardware-checkout/testing/fake-hardware-checkout-server';
import { CART_ID, catalogueFixture, hardwareCart } from '../testing/fixtures';
import { mockFetch } from '../testing/mock-fetch';
import { redirects, UNKNOWN_PATH_TARGET } from './redirects';
import { AppRouter, redirectTarget, routes } from './router';
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
  it('covers every old path of the spec and every link target without a page of its own', () => {
    // The spec's redirects, exactly.
    expect(redirects).toMatchObject({
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
    // Link targets that serve the purpose of another page.
    expect(redirects).toMatchObject({
      '/detailed-pricing': '/plans-and-pricing',
      '/business-plans': '/plans-and-pricing',
      '/signup': '/plans-and-pricing',
      '/compare': '/plans-and-pricing#compare',
      '/full-comparison': '/plans-and-pricing#compare',
      '/home-features': '/residential-features',
      '/features': '/business-features',
      '/internet-packages': '/business-broadband-page',
      '/questions': '/faq',
      '/trial': '/free-trial-numbers',
      '/phone-numbers': '/all-phone-numbers',
    });
    expect(Object.keys(redirects)).toHaveLength(25);
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

  it.each([
    ['/about-us', '/about'],
    ['/business-voip', '/business-phone-system'],
    ['/small-business-phone', '/business-phone-system'],
    ['/broadband', '/business-broadband-page'],
    ['/business-broadband', '/business-broadband-page'],
    ['/residential-voip-home', '/residential-voip'],
    ['/voip-features', '/business-features'],
  ])('%s lands on its page, %s', async (from, to) => {
    const history = await land(from);
    expect(history.location.pathname).toBe(to);
    expect(redirectTarget(to)).toBeNull();
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
    // A page with a link to an old path (every link of the site itself now reaches a page).
    const site = routes[0].children!;
    site.unshift({ path: 'old-links', element: <Link to="/pricing">Old pricing link</Link> });
    try {
      const history = renderApp(['/old-links']);
      const link = await screen.findByRole('link', { name: 'Old pricing link' });
      await act(async () => link.click());
      await screen.findByRole('heading', { level: 1, name: 'Plans and Pricing' });
      expect(history.location.pathname).toBe('/plans-and-pricing');
      expect(history.action).toBe('REPLACE');
      expect(history.index).toBe(0);
    } finally {
      site.shift();
    }
  });

  it('a link to a page pushes it, e.g. the header’s Blog link', async () => {
    const history = renderApp(['/']);
    await screen.findByRole('heading', { level: 1, name: /Business calls that just work/ });
    await act(async () => screen.getAllByRole('link', { name: 'Blog' })[0].click());
    await screen.findByRole('heading', { level: 1, name: 'The Talkbridge Blog' });
    expect(history.location.pathname).toBe('/blog');
    expect(history.action).toBe('PUSH');
    expect(history.index).toBe(1);
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
    ['/trial/verify', 'Confirm your email address'],
    ['/support', 'Support Centre'],
    ['/contact', 'Contact us'],
    ['/faq', 'Frequently Asked Questions'],
    ['/blog', 'The Talkbridge Blog'],
    ['/blog/1', 'How to port your landline number'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/refund-policy', 'Refund Policy'],
    ['/general-terms-and-conditions', 'General Terms and Conditions'],
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

describe('help and information pages', () => {
  it('/guide (an old address) opens the support page', async () => {
    const history = await land('/guide');
    expect(screen.getByRole('heading', { level: 1, name: 'Support Centre' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/support');
  });

  it('/terms shows the terms there, with /general-terms-and-conditions as the canonical address', async () => {
    const history = await land('/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'General Terms and Conditions' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/terms');
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.talkbridge.co.uk/general-terms-and-conditions'),
    );
  });

  it('the article route lists every article’s path for prerendering', async () => {
    const { posts } = await import('../features/blog/posts');
    const route = routes[0].children!.find((entry) => entry.path === 'blog/:id');
    expect(route?.handle).toEqual({ paths: posts.map((post) => `/blog/${post.id}`) });
  });

  it('an unknown article stays at its address with a way back to the blog', async () => {
    const history = await land('/blog/unknown');
    expect(screen.getByRole('heading', { level: 1, name: 'We could not find that article' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/blog/unknown');
    expect(screen.getByRole('link', { name: 'Back to the blog' })).toHaveAttribute('href', '/blog');
  });
});
