import { lazy, Suspense, useLayoutEffect, useMemo, useState, useTransition, type ComponentType } from 'react';
import {
  matchRoutes,
  Navigate,
  parsePath,
  Router,
  useRoutes,
  type HistoryRouterProps,
  type Navigator,
  type RouteObject,
  type To,
} from 'react-router-dom';
import { RootLayout } from './layout/root-layout';
import { NavigationPendingContext } from './navigation-pending';
import { redirects, UNKNOWN_PATH_TARGET } from './redirects';
import { RouteErrorBoundary } from './route-error';

/** Shown while the first page's code loads. */
function PageLoading() {
  return <div className="route-progress" role="progressbar" aria-label="Loading page" />;
}

export const RELOADED_FOR_NEW_BUILD = 'reloadedForNewBuild';

/** The page reload (a seam for tests: jsdom cannot reload). */
export const pageReload = { reload: () => window.location.reload() };

/**
 * A page's code that no longer loads usually means a new build was deployed while the page
 * was open (the old chunk names are gone): load the new build once instead of showing the
 * error screen. A second failure on the same path is a real error.
 */
function reloadOnceForNewBuild(error: unknown): Promise<never> {
  const path = window.location.pathname;
  if (window.sessionStorage.getItem(RELOADED_FOR_NEW_BUILD) === path) throw error;
  window.sessionStorage.setItem(RELOADED_FOR_NEW_BUILD, path);
  pageReload.reload();
  return new Promise<never>(() => {});
}

/** A page in its own lazy chunk; the module exports `Component`. */
function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  const Page = lazy(() =>
    load().then(
      (module) => {
        window.sessionStorage.removeItem(RELOADED_FOR_NEW_BUILD);
        return { default: module.Component };
      },
      reloadOnceForNewBuild,
    ),
  );
  return <Page />;
}

interface RedirectHandle {
  redirectTo: string;
}

/** A path that only redirects. AppRouter applies the redirect before the path is ever shown. */
function redirectRoute(path: string, to: string): RouteObject {
  return { path, element: <Navigate to={to} replace />, handle: { redirectTo: to } satisfies RedirectHandle };
}

/** Where unknown /admin/... paths go: /admin, which opens the staff member's page by role. */
const ADMIN_HOME = '/admin';

/** The pages built so far; later issues add the rest. Every page is its own lazy chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: lazyPage(() => import('./routes/home')) },
      { path: 'plans-and-pricing', element: lazyPage(() => import('./routes/plans-and-pricing')) },
      { path: 'add-ons', element: lazyPage(() => import('./routes/add-ons')) },
      { path: 'all-phone-numbers', element: lazyPage(() => import('./routes/all-phone-numbers')) },
      { path: 'international-numbers', element: lazyPage(() => import('./routes/international-numbers')) },
      { path: 'mobile-numbers', element: lazyPage(() => import('./routes/mobile-numbers')) },
      { path: 'free-trial-numbers', element: lazyPage(() => import('./routes/free-trial-numbers')) },
      { path: 'free-numbers', element: lazyPage(() => import('./routes/free-trial-numbers')) },
      { path: 'free-trial-account-setup', element: lazyPage(() => import('./routes/free-trial-account-setup')) },
      { path: 'free-trial-thank-you', element: lazyPage(() => import('./routes/free-trial-thank-you')) },
      // /thank-you/trial is the trial variant of the confirmation.
      { path: 'thank-you/trial', element: lazyPage(() => import('./routes/free-trial-thank-you')) },
      { path: 'hardware', element: lazyPage(() => import('./routes/hardware')) },
      { path: 'checkout', element: lazyPage(() => import('./routes/checkout')) },
      { path: 'checkout/account-setup', element: lazyPage(() => import('./routes/checkout-account-setup')) },
      { path: 'thank-you', element: lazyPage(() => import('./routes/thank-you')) },
      { path: 'hardware-checkout', element: lazyPage(() => import('./routes/hardware-checkout')) },
      { path: 'hardware-thank-you', element: lazyPage(() => import('./routes/hardware-thank-you')) },
      ...Object.entries(redirects).map(([from, to]) => redirectRoute(from, to)),
      redirectRoute('*', UNKNOWN_PATH_TARGET),
    ],
  },
  {
    // The staff area: its own frame; every page but sign-in needs a signed-in staff member.
    path: '/admin',
    element: lazyPage(() => import('./routes/admin')),
    children: [
      { index: true, element: lazyPage(() => import('./routes/admin-home')) },
      { path: 'login', element: lazyPage(() => import('./routes/admin-login')) },
      { path: 'orders', element: lazyPage(() => import('./routes/admin-orders')) },
      { path: 'orders/:kind/:id', element: lazyPage(() => import('./routes/admin-order')) },
      { path: 'hardware', element: lazyPage(() => import('./routes/admin-hardware')) },
      { path: 'mail', element: lazyPage(() => import('./routes/admin-mail')) },
      { path: 'analytics', element: lazyPage(() => import('./routes/admin-analytics')) },
      redirectRoute('*', ADMIN_HOME),
    ],
  },
];

/** Browser history in the app, memory history in tests. */
export type AppHistory = HistoryRouterProps['history'];

/** Where a location redirects to (following chains such as /about-us → /about → unknown), or null. */
export function redirectTarget(to: To): string | null {
  let pathname = typeof to === 'string' ? parsePath(to).pathname : to.pathname;
  let target: string | null = null;
  for (let hops = 0; pathname && hops < 10; hops += 1) {
    const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as RedirectHandle | undefined;
    if (!handle) break;
    target = pathname = handle.redirectTo;
  }
  return target;
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app's router over `history` (browser history in the app, memory history in tests; both
 * created with `v5Compat: true` so pushes and replaces are reported). Redirects are applied with
 * `replace` before their path is rendered; a navigation waits, with the progress bar, until the
 * next page's code has loaded; render errors show the error screen.
 */
export function AppRouter({ history }: { history: AppHistory }) {
  const [state, setState] = useState(() => {
    const target = redirectTarget(history.location);
    if (target) history.replace(target);
    return { action: history.action, location: history.location };
  });
  const [pending, startTransition] = useTransition();

  const navigator = useMemo<Navigator>(
    () => ({
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push(to, state) {
        const target = redirectTarget(to);
        if (target) history.replace(target);
        else history.push(to, state);
      },
      replace(to, state) {
        const target = redirectTarget(to);
        if (target) history.replace(target);
        else history.replace(to, state);
      },
    }),
    [history],
  );

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const target = redirectTarget(location);
        // The replace reports the target to this listener again.
        if (target) history.replace(target);
        else startTransition(() => setState({ action, location }));
      }),
    [history],
  );

  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </Router>
    </NavigationPendingContext>
  );
}
