import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { AppRouter } from './app/router';
import { makeStore } from './app/store';
import './styles.css';

const store = makeStore();
const history = createBrowserHistory({ v5Compat: true });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <AppRouter history={history} />
    </Provider>
  </StrictMode>,
);
