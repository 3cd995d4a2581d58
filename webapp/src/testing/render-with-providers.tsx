import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { cartApi } from '../features/cart/api';
import { catalogueApi } from '../lib/catalogue-api';
import type { Cart, Catalogue } from '../lib/api-types';

interface ProviderOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Path the component is rendered at. */
  route?: string;
  /** Other routes, e.g. to see where a navigation lands. */
  extraRoutes?: RouteObject[];
}

/** Renders `ui` inside the Redux store and a memory data router. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', extraRoutes = [], ...renderOptions } = options;
  const router = createMemoryRouter([{ path: route.split(/[?#]/)[0], element: ui }, ...extraRoutes], { initialEntries: [route] });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    renderOptions,
  );
  return { store, router, ...result };
}

/** A store whose cart id and cached cart are already set, as after a server answer. */
export function storeWithCart(cart: Cart | null, catalogue?: Catalogue): AppStore {
  const store = makeStore({ cart: { cartId: cart?.id ?? null, dropdownOpen: false } });
  if (cart) store.dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: cart.id, value: cart }]));
  if (catalogue) store.dispatch(catalogueApi.util.upsertQueryEntries([{ endpointName: 'getCatalogue', arg: undefined, value: catalogue }]));
  return store;
}
