/**
 * The prerender's entry (built by `vite build --ssr`, run by scripts/prerender.mjs after the
 * browser build): renders one page of the app, through the app's own routes on a memory
 * history, with React's `prerender` (which waits for every lazy page and Suspense boundary),
 * and gives its HTML, its <head> tags from <PageMeta> and the data to embed for hydration.
 */
import { prerender } from 'react-dom/static';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { AppRoot } from './app/app-root';
import { preloadData, preloadedDataHtml, type PreloadedData } from './app/preloaded-data';
import { preloadRoute, routes } from './app/router';
import { disallowedPaths, sitePages } from './app/site-pages';
import { makeStore } from './app/store';
import { headTagsHtml, pageHeadTags, type PageMetaProps } from './components/page-meta';
import { siteConfig } from './config/site';
import catalogue from './generated/catalogue.json';
import { api } from './lib/api';
import type { Catalogue } from './lib/api-types';

export { siteConfig };

const data: PreloadedData = { catalogue: catalogue as Catalogue };

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The page's tags for <head>: title, description, robots, canonical, Open Graph, JSON-LD. */
  head: string;
  /** What the page embeds for its hydration (a JSON block). */
  data: string;
  /** The page's own <PageMeta>. */
  meta: PageMetaProps;
}

/** The pages to prerender and the areas robots.txt disallows, from the routes. */
export function site() {
  const { pages, noindex } = sitePages(routes);
  return { pages, disallow: disallowedPaths(noindex) };
}

/** The shell's head (every path without a page): the product's name, and kept out of search results. */
export function shellHead(): string {
  return headTagsHtml([
    { kind: 'title', text: siteConfig.productName },
    { kind: 'meta', attribute: 'name', key: 'robots', content: 'noindex, nofollow' },
  ]);
}

/**
 * The pages served live (src/lib/live-page.ts), each with the GET whose answer it is rendered
 * with: written to dist-ssr/live-pages.json by the prerender, read by the server.
 */
export async function livePages(): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const path of site().pages) {
    const live = await preloadRoute(path);
    if (live) found[path] = live.api;
  }
  return found;
}

/**
 * Renders the page at `path`; throws when it fails to render, redirects or has no <PageMeta>.
 * `liveAnswer` is, for a page served live, the answer of its `live.api` (the build renders
 * without one: that page is the server's fallback).
 */
export async function renderPage(path: string, liveAnswer?: unknown): Promise<RenderedPage> {
  const store = makeStore();
  const pageData: PreloadedData = liveAnswer === undefined ? data : { ...data, live: liveAnswer };
  preloadData(store, pageData);
  const live = liveAnswer === undefined ? undefined : await preloadRoute(path);
  const release = live?.preload(store.dispatch, liveAnswer);
  const collected: { meta?: PageMetaProps } = {};
  const pageMeta = { collect: (meta: PageMetaProps) => (collected.meta = meta) };
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerender(<AppRoot store={store} history={history} pageMeta={pageMeta} />, {
      onError: (error) => {
        errors.push(error);
      },
    });
    const html = await new Response(prelude).text();
    if (errors.length) throw new AggregateError(errors, `${path} failed to render: ${errors.map(String).join('; ')}`);
    if (history.location.pathname !== path) throw new Error(`${path} redirected to ${history.location.pathname}`);
    const { meta } = collected;
    if (!meta) throw new Error(`${path} renders no <PageMeta>: every page needs its title, description and canonical path`);
    return { html, head: headTagsHtml(pageHeadTags(meta)), data: preloadedDataHtml(pageData), meta };
  } finally {
    release?.();
    // Clears the cache's removal timers, so the prerender's process ends.
    store.dispatch(api.util.resetApiState());
  }
}
