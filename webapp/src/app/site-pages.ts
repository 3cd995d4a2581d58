import { matchPath, type RouteObject } from 'react-router-dom';

/**
 * What a route object in router.tsx may say about itself in its `handle`:
 * - `redirectTo`: the path only redirects (set by `redirectRoute`);
 * - `noindex: true`: the route and everything under it is kept out of search engines: not
 *   prerendered, not in /sitemap.xml, disallowed in /robots.txt (checkout, thank-you and
 *   set-up pages, the staff area);
 * - `paths`: every concrete path of a route with parameters (e.g. each post of `/blog/:id`),
 *   each prerendered and listed in the sitemap.
 */
interface RouteHandle {
  redirectTo?: string;
  noindex?: boolean;
  paths?: readonly string[];
}

interface SitePages {
  /** The public pages, prerendered at build time and listed in the sitemap. */
  pages: string[];
  /** Where the noindex routes start (robots.txt disallows each). */
  noindex: string[];
}

function joinPath(parent: string, path: string | undefined): string {
  if (!path) return parent;
  const joined = path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}

/** The path up to its first parameter or wildcard: `/admin/orders/:id` → `/admin/orders/`. */
function staticPrefix(path: string): string {
  const dynamic = path.search(/[:*]/);
  return dynamic < 0 ? path : path.slice(0, dynamic);
}

/**
 * The site's public pages and noindex areas, read from the routes: every page route that is
 * not a redirect, not a wildcard and not under a `noindex` route; a route with parameters
 * gives its `handle.paths`. Throws on a public route with parameters that lists none, and on
 * a listed path its route does not match.
 */
export function sitePages(routes: RouteObject[]): SitePages {
  const found: SitePages = { pages: [], noindex: [] };
  const visit = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      const handle = route.handle as RouteHandle | undefined;
      const path = route.index ? parent : joinPath(parent, route.path);
      if (handle?.redirectTo) continue;
      if (handle?.noindex) {
        found.noindex.push(staticPrefix(path));
        continue;
      }
      if (path.includes('*')) continue;
      if (route.children?.length) {
        visit(route.children, path);
        continue;
      }
      if (!path.includes(':')) {
        found.pages.push(path);
        continue;
      }
      if (!handle?.paths) {
        throw new Error(
          `The public route ${path} has parameters: list its pages in handle.paths, or mark it handle: { noindex: true } (src/app/router.tsx)`,
        );
      }
      for (const concrete of handle.paths) {
        if (!matchPath(path, concrete)) throw new Error(`handle.paths of ${path} lists ${concrete}, which it does not match`);
        found.pages.push(concrete);
      }
    }
  };
  visit(routes, '/');
  return { pages: [...new Set(found.pages)], noindex: [...new Set(found.noindex)] };
}

/** The robots.txt Disallow lines' paths: each noindex area once, none inside another. */
export function disallowedPaths(noindex: string[]): string[] {
  const covers = (outer: string, inner: string) =>
    outer !== inner && inner.startsWith(outer) && (outer.endsWith('/') || inner[outer.length] === '/');
  return [...new Set(noindex)].filter((path) => !noindex.some((other) => covers(other, path))).sort();
}
