import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { renderWithProviders } from '../testing/render-with-providers';
import { RouteErrorBoundary } from './route-error';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

describe('router error screen', () => {
  it('shows the status of a thrown response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const gone = new Response('gone', { status: 410, statusText: 'Gone' });
    renderWithProviders(
      <RouteErrorBoundary>
        <Throws error={gone} />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('410 Gone')).toBeInTheDocument();
  });

  it('shows the message of a render error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <RouteErrorBoundary>
        <Throws error={new Error('Kaboom')} />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Kaboom')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute('href', '/');
  });

  it('is cleared by a navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { history } = renderWithProviders(
      <RouteErrorBoundary>
        <Throws error={new Error('Kaboom')} />
      </RouteErrorBoundary>,
      { extraRoutes: [{ path: '/elsewhere', element: <RouteErrorBoundary><p>Fine again</p></RouteErrorBoundary> }] },
    );
    await screen.findByText('Kaboom');
    await act(() => history.push('/elsewhere'));
    expect(await screen.findByText('Fine again')).toBeInTheDocument();
  });

  /** The router fresh (its lazy pages remember a load once settled), with that page failing. */
  async function routerWithBrokenPage() {
    vi.resetModules();
    vi.doMock('./routes/plans-and-pricing', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const router = await import('./router');
    const { makeStore } = await import('./store');
    return { ...router, makeStore };
  }

  it('a page whose code fails to load reloads once for a new build', async () => {
    const { AppRouter, pageReload, RELOADED_FOR_NEW_BUILD, makeStore } = await routerWithBrokenPage();
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    window.sessionStorage.removeItem(RELOADED_FOR_NEW_BUILD);
    const history = createMemoryHistory({ initialEntries: ['/plans-and-pricing'], v5Compat: true });
    render(
      <Provider store={makeStore()}>
        <AppRouter history={history} />
      </Provider>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(RELOADED_FOR_NEW_BUILD)).toBe(window.location.pathname);
    vi.doUnmock('./routes/plans-and-pricing');
  });

  it('a page whose code fails to load again after that reload shows the error inside the site layout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { AppRouter, pageReload, RELOADED_FOR_NEW_BUILD, makeStore } = await routerWithBrokenPage();
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    window.sessionStorage.setItem(RELOADED_FOR_NEW_BUILD, window.location.pathname);
    const history = createMemoryHistory({ initialEntries: ['/plans-and-pricing'], v5Compat: true });
    render(
      <Provider store={makeStore()}>
        <AppRouter history={history} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(document.querySelector('.route-error-detail')?.textContent).not.toBe('');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    vi.doUnmock('./routes/plans-and-pricing');
  });
});
