import { describe, expect, it, beforeEach, vi } from 'vitest';
import { setAnalyticsSink } from '../lib/analytics';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { catalogueFixture } from '../testing/fixtures';
import { mockFetch } from '../testing/mock-fetch';
import { redirects, UNKNOWN_PATH_TARGET } from './redirects';
import { routes } from './router';
import { makeStore } from './store';

async function land(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: ['/', path], initialIndex: 1 });
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

beforeEach(() => {
  mockFetch({ 'GET /api/catalogue': () => catalogueFixture });
});

describe('redirects', () => {
  it('covers the table of spec 1 §2 and spec 3 §2.2', () => {
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
      const router = await land(from);
      expect(router.state.location.pathname).toBe(redirects[from]);
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('targets without a page yet end on the plans page (unknown path rule)', async () => {
    const router = await land('/about-us');
    expect(router.state.location.pathname).toBe('/plans-and-pricing');
  });

  it('sends any unknown path to /plans-and-pricing', async () => {
    const router = await land('/no-such-page');
    expect(router.state.location.pathname).toBe(UNKNOWN_PATH_TARGET);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('pages', () => {
  it.each([
    ['/', 'Business calls that just work'],
    ['/plans-and-pricing', 'Plans and Pricing'],
  ])('%s renders exactly one H1', async (path, heading) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(heading) })).toBeInTheDocument();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.title).toContain('Talkbridge');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `https://www.talkbridge.co.uk${path}`);
  });
});

describe('page views', () => {
  it('are tracked on load and on back/forward, through the one analytics module', async () => {
    const sink = vi.fn();
    setAnalyticsSink(sink);
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(sink).toHaveBeenCalledTimes(1));
    expect(sink).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/', trigger: 'load' }));

    await act(() => router.navigate('/plans-and-pricing'));
    await screen.findByRole('heading', { level: 1, name: 'Plans and Pricing' });
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledTimes(2));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(sink).toHaveBeenCalledTimes(1);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(sink).toHaveBeenCalledTimes(2));
    expect(sink).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/', trigger: 'back-forward' }));
  });
});
