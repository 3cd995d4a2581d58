import { scriptSafeJson } from '../components/page-meta';
import type { Catalogue } from '../lib/api-types';
import { catalogueLoaded } from '../lib/catalogue';
import type { AppStore } from './store';

/**
 * The server data a prerendered page was rendered with, embedded in it so the browser's first
 * render (the hydration) shows the same: the price list, from src/generated/catalogue.json,
 * which `voip-shop catalogue` writes and an API test holds equal to GET /api/catalogue, and for
 * a page served live the answer it was rendered with.
 */
export interface PreloadedData {
  catalogue: Catalogue;
  /**
   * A page served live (src/lib/live-page.ts): the answer of its `live.api` the server
   * rendered it with, put in the store by its `live.preload` before the first render.
   */
  live?: unknown;
}

const ELEMENT_ID = 'preloaded-data';

/** Puts the data in the store, as if fetched: the pages read it without a request. */
export function preloadData(store: AppStore, data: PreloadedData): void {
  store.dispatch(catalogueLoaded(data.catalogue));
}

/** The data as a JSON block for the page (not a script that runs: the CSP allows none inline). */
export function preloadedDataHtml(data: PreloadedData): string {
  return `<script type="application/json" id="${ELEMENT_ID}">${scriptSafeJson(JSON.stringify(data))}</script>`;
}

/** The data a prerendered page embeds, or null (the plain shell). */
export function readPreloadedData(document: Document): PreloadedData | null {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PreloadedData;
  } catch (error) {
    console.warn('The page embeds unreadable data; it is fetched instead', error);
    return null;
  }
}
