import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { AppRouter } from '../../../app/router';
import { makeStore } from '../../../app/store';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { HardwareAdminPage } from '../routes/hardware-admin-page';

/** The whole app's router at `path` (memory history), for the sign-in redirects and the guard. */
export function renderAppAt(path: string, state?: unknown) {
  const history = createMemoryHistory({ initialEntries: [{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }], v5Compat: true });
  const store = makeStore();
  render(
    <Provider store={store}>
      <AppRouter history={history} />
    </Provider>,
  );
  return { history, store };
}

/** The hardware manager alone, with a stand-in sign-in page to see the guard's redirect land. */
export function renderHardwareManager() {
  return renderWithProviders(<HardwareAdminPage />, {
    route: '/admin/hardware',
    extraRoutes: [{ path: '/admin/login', element: <p>Sign-in page</p> }],
  });
}
