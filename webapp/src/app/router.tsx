import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState, useTransition, type ComponentType } from 'react';
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
import { siteConfig } from '../config/site';
import type { LivePage } from '../lib/live-page';
import { RootLayout } from './layout/root-layout';
import { NavigationPendingContext } from './navigation-pending';
import { redirects, UNKNOWN_PATH_TARGET } from './redirects';
import { RouteErrorBoundary } from './route-error';
import { blogPostIds, blogPostPath } from '../features/blog/post-ids';
import { guideIds, guidePath } from '../features/help-centre/guide-ids';

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

/** A lazy page's module: its component, and `live` when the server renders it from live data. */
interface PageModule {
  Component: ComponentType;
  live?: LivePage;
}

/** Each lazy page's loader, by the route element that shows it (for preloadRoute). */
const pageLoaders = new WeakMap<object, () => Promise<PageModule>>();

/**
 * A page in its own lazy chunk; the module exports `Component` (and `live`, src/lib/live-page.ts).
 * Once its code is loaded (e.g. by preloadRoute) the page renders without suspending.
 */
function lazyPage(load: () => Promise<PageModule>) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<PageModule> | undefined;
  const loadPage = () =>
    (loading ??= load().then((module) => {
      // Not in the prerender (scripts/prerender.mjs), which has no window.
      if (typeof window !== 'undefined') window.sessionStorage.removeItem(RELOADED_FOR_NEW_BUILD);
      Loaded = module.Component;
      return module;
    }, reloadOnceForNewBuild));
  const LazyPage = lazy(() => loadPage().then((module) => ({ default: module.Component })));
  function Page() {
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  const element = <Page />;
  pageLoaders.set(element, loadPage);
  return element;
}

/**
 * Loads the code of every page `pathname` shows. main.tsx waits for it before hydrating a
 * prerendered page, so the hydration does not stop at a page still loading (a click on the
 * page then finds its handlers). Gives the page's `live` when it is served live.
 */
export async function preloadRoute(pathname: string): Promise<LivePage | undefined> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const modules = await Promise.all(matches.map((match) => pageLoaders.get(match.route.element as object)?.()));
  return modules.find((module) => module?.live)?.live;
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

/**
 * The pages built so far; later issues add the rest. Every page is its own lazy chunk.
 * Each page under the public layout is prerendered at build time and listed in the sitemap
 * (site-pages.ts) unless its route's handle says `noindex: true` (checkout, thank-you and
 * set-up pages, the staff area); a route with parameters lists its pages in `handle.paths`.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: lazyPage(() => import('./routes/home')) },
      { path: 'plans-and-pricing', element: lazyPage(() => import('./routes/plans-and-pricing')) },
      { path: 'add-ons', element: lazyPage(() => import('./routes/add-ons')), handle: { noindex: true } },
      { path: 'all-phone-numbers', element: lazyPage(() => import('./routes/all-phone-numbers')) },
      { path: 'international-numbers', element: lazyPage(() => import('./routes/international-numbers')) },
      { path: 'mobile-numbers', element: lazyPage(() => import('./routes/mobile-numbers')) },
      { path: 'free-trial-numbers', element: lazyPage(() => import('./routes/free-trial-numbers')) },
      { path: 'free-numbers', element: lazyPage(() => import('./routes/free-trial-numbers')) },
      { path: 'free-trial-account-setup', element: lazyPage(() => import('./routes/free-trial-account-setup')), handle: { noindex: true } },
      { path: 'free-trial-thank-you', element: lazyPage(() => import('./routes/free-trial-thank-you')), handle: { noindex: true } },
      // /thank-you/trial is the trial variant of the confirmation.
      { path: 'thank-you/trial', element: lazyPage(() => import('./routes/free-trial-thank-you')), handle: { noindex: true } },
      // The free trial's e-mail confirmation link (`?token=...`).
      { path: 'trial/verify', element: lazyPage(() => import('./routes/trial-verify')), handle: { noindex: true } },
      { path: 'hardware', element: lazyPage(() => import('./routes/hardware')) },
      { path: 'checkout', element: lazyPage(() => import('./routes/checkout')), handle: { noindex: true } },
      { path: 'checkout/account-setup', element: lazyPage(() => import('./routes/checkout-account-setup')), handle: { noindex: true } },
      { path: 'thank-you', element: lazyPage(() => import('./routes/thank-you')), handle: { noindex: true } },
      { path: 'hardware-checkout', element: lazyPage(() => import('./routes/hardware-checkout')), handle: { noindex: true } },
      { path: 'hardware-thank-you', element: lazyPage(() => import('./routes/hardware-thank-you')), handle: { noindex: true } },
      { path: 'account/hardware-orders/:id/receipt', element: lazyPage(() => import('./routes/account-hardware-receipt')), handle: { noindex: true } },
      { path: 'quote', element: lazyPage(() => import('./routes/quote')) },
      // Tools and guides the marketing pages link to.
      { path: 'download-app', element: lazyPage(() => import('./routes/download-app')) },
      { path: 'calculate-savings', element: lazyPage(() => import('./routes/calculate-savings')) },
      { path: 'prepare-for-2027', element: lazyPage(() => import('./routes/prepare-for-2027')) },
      // The service and company pages.
      { path: 'services', element: lazyPage(() => import('./routes/services')) },
      { path: 'business-phone-system', element: lazyPage(() => import('./routes/business-phone-system')) },
      { path: 'answering-services', element: lazyPage(() => import('./routes/answering-services')) },
      { path: 'video-meetings', element: lazyPage(() => import('./routes/video-meetings')) },
      { path: 'residential-voip', element: lazyPage(() => import('./routes/residential-voip')) },
      { path: 'residential-features', element: lazyPage(() => import('./routes/residential-features')) },
      { path: 'business-features', element: lazyPage(() => import('./routes/business-features')) },
      { path: 'pbx-phone-system', element: lazyPage(() => import('./routes/pbx-phone-system')) },
      { path: 'business-broadband-page', element: lazyPage(() => import('./routes/business-broadband-page')) },
      { path: 'partner-program', element: lazyPage(() => import('./routes/partner-program')) },
      { path: 'become-a-partner', element: lazyPage(() => import('./routes/become-a-partner')) },
      { path: siteConfig.whyPath.slice(1), element: lazyPage(() => import('./routes/why')) },
      { path: 'about', element: lazyPage(() => import('./routes/about')) },
      // The customer's own account (issue 34): sign-in, "Forgot password", the orders.
      { path: 'account', element: lazyPage(() => import('./routes/account')), handle: { noindex: true } },
      { path: 'account/sign-in', element: lazyPage(() => import('./routes/account-sign-in')), handle: { noindex: true } },
      { path: 'account/forgot-password', element: lazyPage(() => import('./routes/account-forgot-password')), handle: { noindex: true } },
      { path: 'account/reset-password', element: lazyPage(() => import('./routes/account-reset-password')), handle: { noindex: true } },
      { path: 'account/orders/:id', element: lazyPage(() => import('./routes/account-order')), handle: { noindex: true } },
      // Explains where existing customers sign in; not for search engines.
      { path: 'dashboard', element: lazyPage(() => import('./routes/dashboard')), handle: { noindex: true } },
      // Help and information pages.
      { path: 'faq', element: lazyPage(() => import('./routes/faq')) },
      { path: 'support', element: lazyPage(() => import('./routes/help-centre')) },
      { path: 'contact', element: lazyPage(() => import('./routes/contact')) },
      { path: 'privacy-policy', element: lazyPage(() => import('./routes/privacy-policy')) },
      { path: 'refund-policy', element: lazyPage(() => import('./routes/refund-policy')) },
      { path: 'general-terms-and-conditions', element: lazyPage(() => import('./routes/general-terms-and-conditions')) },
      // The same terms at their short address (canonical: /general-terms-and-conditions).
      { path: 'terms', element: lazyPage(() => import('./routes/general-terms-and-conditions')) },
      { path: 'blog', element: lazyPage(() => import('./routes/blog')) },
      // Every article's path, for prerendering (only the ids: the articles load with the page).
      { path: 'support/guides/:slug', element: lazyPage(() => import('./routes/help-centre-guide')), handle: { paths: guideIds.map(guidePath) } },
      { path: 'blog/:id', element: lazyPage(() => import('./routes/blog-post')), handle: { paths: blogPostIds.map(blogPostPath) } },
      ...Object.entries(redirects).map(([from, to]) => redirectRoute(from, to)),
      redirectRoute('*', UNKNOWN_PATH_TARGET),
    ],
  },
  {
    // The staff area: its own frame; every page but sign-in needs a signed-in staff member.
    path: '/admin',
    element: lazyPage(() => import('./routes/admin')),
    handle: { noindex: true },
    children: [
      { index: true, element: lazyPage(() => import('./routes/admin-home')) },
      { path: 'login', element: lazyPage(() => import('./routes/admin-login')) },
      { path: 'orders', element: lazyPage(() => import('./routes/admin-orders')) },
      { path: 'orders/:kind/:id', element: lazyPage(() => import('./routes/admin-order')) },
      { path: 'transfers', element: lazyPage(() => import('./routes/admin-transfers')) },
      { path: 'fraud', element: lazyPage(() => import('./routes/admin-fraud')) },
      { path: 'fraud/:kind/:id', element: lazyPage(() => import('./routes/admin-fraud-account')) },
      { path: 'hardware', element: lazyPage(() => import('./routes/admin-hardware')) },
      { path: 'mail', element: lazyPage(() => import('./routes/admin-mail')) },
      { path: 'quotes', element: lazyPage(() => import('./routes/admin-quotes')) },
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
    // Other routes may carry a handle too (e.g. `{ noindex: true }`): only a redirectTo redirects.
    const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as Partial<RedirectHandle> | undefined;
    if (!handle?.redirectTo) break;
    target = pathname = handle.redirectTo;
  }
  return target;
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Calls `onReady` once, when the first page has committed: it sits inside the same Suspense
 * boundary as the page, so after a hydration it runs only once the page itself is live.
 */
function PageReady({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return null;
}

/**
 * The app's router over `history` (browser history in the app, memory history in tests; both
 * created with `v5Compat: true` so pushes and replaces are reported). Redirects are applied with
 * `replace` before their path is rendered; a navigation waits, with the progress bar, until the
 * next page's code has loaded; render errors show the error screen.
 */
export function AppRouter({ history, onPageReady }: { history: AppHistory; onPageReady?: () => void }) {
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
            <PageReady onReady={onPageReady} />
          </Suspense>
        </RouteErrorBoundary>
      </Router>
    </NavigationPendingContext>
  );
}
