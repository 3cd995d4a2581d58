import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { AppRoot } from './app/app-root';
import { preloadData, readPreloadedData } from './app/preloaded-data';
import { makeStore } from './app/store';
import './styles.css';

const store = makeStore();
const history = createBrowserHistory({ v5Compat: true });
const root = document.getElementById('root') as HTMLElement;
const app = <AppRoot store={store} history={history} />;

// A prerendered page (webapp/scripts/prerender.mjs) is hydrated with the data it was rendered
// with; the shell (every other path) has an empty root and renders from scratch.
const preloaded = readPreloadedData(document);
if (preloaded) preloadData(store, preloaded);
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
