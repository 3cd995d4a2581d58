import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * A page whose HTML the server renders from live data at each change (api/src/http/routes/web.rs,
 * scripts/render-worker.mjs), instead of once at build time: its route module exports it as
 * `live`. `api` is the GET (under the site's origin) whose answer the page is rendered with;
 * the server embeds that answer in the page, and `preload` puts it in the store before the
 * first render (the server's and the browser's hydration alike), so both show the same.
 * `preload` returns `release`, called once the page has rendered (its own subscriptions then
 * keep the data).
 */
export interface LivePage {
  api: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  preload: (dispatch: ThunkDispatch<any, unknown, UnknownAction>, answer: unknown) => () => void;
}
