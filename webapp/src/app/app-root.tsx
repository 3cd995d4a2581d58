import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { PageMetaCollectorContext, type PageMetaCollector } from '../components/page-meta';
import { AppRouter, type AppHistory } from './router';
import type { AppStore } from './store';

/**
 * The whole app over `history`: the same tree in the browser (main.tsx, which hydrates a
 * prerendered page) and in the prerender (entry-server.tsx, which also collects the page's meta).
 */
export function AppRoot({
  store,
  history,
  pageMeta = null,
  onHydrated,
}: {
  store: AppStore;
  history: AppHistory;
  pageMeta?: PageMetaCollector | null;
  /** Called once the page is hydrated (main.tsx replays what the visitor did before). */
  onHydrated?: () => void;
}) {
  return (
    <StrictMode>
      <PageMetaCollectorContext value={pageMeta}>
        <Provider store={store}>
          <AppRouter history={history} onPageReady={onHydrated} />
        </Provider>
      </PageMetaCollectorContext>
    </StrictMode>
  );
}
