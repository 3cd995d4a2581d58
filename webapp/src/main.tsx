import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { AppRoot } from './app/app-root';
import { holdEarlyClicks } from './app/early-clicks';
import { preloadData, readPreloadedData } from './app/preloaded-data';
import { preloadRoute } from './app/router';
import { makeStore } from './app/store';
import './styles.css';

const store = makeStore();
const history = createBrowserHistory({ v5Compat: true });
const root = document.getElementById('root') as HTMLElement;

// A prerendered page (webapp/scripts/prerender.mjs) is hydrated with the data it was rendered
// with, once its page's code is loaded (its chunks are preloaded by the page's <head>), so the
// hydration runs through in one go; once hydrated, what the visitor chose in a field meanwhile is
// set again and a button clicked meanwhile is clicked again. The shell (every other path) has an
// empty root and renders from scratch.
/** `<html data-live>`: the first page is rendered or hydrated (browser tests wait for it). */
function markLive() {
  document.documentElement.dataset.live = 'true';
}

const preloaded = readPreloadedData(document);
if (preloaded) preloadData(store, preloaded);
if (root.hasChildNodes()) {
  const early = holdEarlyClicks(root);
  preloadRoute(window.location.pathname)
    .catch(() => undefined) // The page shows its loading error once hydrated.
    .then((live) => {
      // A page served live starts from the answer it was rendered with (src/lib/live-page.ts).
      const release = live && preloaded?.live !== undefined ? live.preload(store.dispatch, preloaded.live) : undefined;
      const onHydrated = () => {
        early.ready();
        release?.();
        markLive();
      };
      hydrateRoot(root, <AppRoot store={store} history={history} onHydrated={onHydrated} />);
    });
} else {
  createRoot(root).render(<AppRoot store={store} history={history} onHydrated={markLive} />);
}
