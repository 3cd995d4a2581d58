import { createBrowserRouter, replace, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layout/root-layout';
import { redirects, UNKNOWN_PATH_TARGET } from './redirects';
import { RouteError } from './route-error';

/** Shown while the first page's code loads. */
function PageLoading() {
  return <div className="route-progress" role="progressbar" aria-label="Loading page" />;
}

const redirectRoutes: RouteObject[] = Object.entries(redirects).map(([from, to]) => ({
  path: from,
  loader: () => replace(to),
}));

/** The pages built so far; later issues add the rest. Every page is its own lazy chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'plans-and-pricing', lazy: () => import('./routes/plans-and-pricing') },
          { path: 'add-ons', lazy: () => import('./routes/add-ons') },
          ...redirectRoutes,
          { path: '*', loader: () => replace(UNKNOWN_PATH_TARGET) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
