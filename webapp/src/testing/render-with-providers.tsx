import { useLayoutEffect, useState, type ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { parsePath, Router, UNSAFE_createMemoryHistory as createMemoryHistory, useRoutes, type RouteObject } from 'react-router-dom';
import { makeStore, type AppStore, type RootState } from '../app/store';
import type { AppHistory } from '../app/router';

interface ProviderOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Path the component is rendered at. */
  route?: string;
  /** The route's pattern, when the component reads params (`/blog/:id`); default: `route`'s path. */
  path?: string;
  /** Navigation state of that first entry (as a `navigate(route, { state })` leaves it). */
  routeState?: unknown;
  /** Other routes, e.g. to see where a navigation lands. */
  extraRoutes?: RouteObject[];
}

function TestRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** A declarative router over a memory history, like the app's AppRouter (without its routes). */
function TestRouter({ history, routes }: { history: AppHistory; routes: RouteObject[] }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => history.listen(({ action, location }) => setState({ action, location })), [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <TestRoutes routes={routes} />
    </Router>
  );
}

/** Renders `ui` inside the Redux store and a memory router; `history` shows where navigations land. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', path, routeState, extraRoutes = [], ...renderOptions } = options;
  const history = createMemoryHistory({ initialEntries: [{ ...parsePath(route), state: routeState }], v5Compat: true });
  const routes = [{ path: path ?? route.split(/[?#]/)[0], element: ui }, ...extraRoutes];
  const result = render(
    <Provider store={store}>
      <TestRouter history={history} routes={routes} />
    </Provider>,
    renderOptions,
  );
  return { store, history, ...result };
}
