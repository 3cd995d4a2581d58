import { setupListeners } from '@reduxjs/toolkit/query';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
// The one import of the app from shared code, on purpose: every lazy chunk that calls the API
// then shares the store's chunk, which keeps the home page's JavaScript under its budget
// (through a hand-off module instead, the store's slices split into ten small chunks the home
// page loads: 120.3 KB gzip against 117.9 KB, over the 120 KB of scripts/home-js-size.mjs).
// eslint-disable-next-line import-x/no-restricted-paths
import { injectApi } from '../app/store';
import { apiBaseUrl } from './api-base-url';

/**
 * How the calls of a signed-in area are made (the customer's account pages; the area names
 * its own session and what signing out means for it).
 */
export interface Authentication {
  /** The session's CSRF token, sent as X-CSRF-Token with every state-changing call. */
  csrfToken: (state: unknown) => string | null;
  /** The server answered 401 (the session ended, or never was): forget it, so the area's guard sends the visitor to sign in. */
  signedOut: (dispatch: BaseQueryApi['dispatch']) => void;
}

/** An endpoint's `extraOptions`: `auth` for a call of a signed-in area. */
export interface ApiExtraOptions {
  auth?: Authentication;
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

const fetchQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  prepareHeaders: (headers, { getState, arg, extraOptions }) => {
    const token = (extraOptions as ApiExtraOptions | undefined)?.auth?.csrfToken(getState());
    const method = (typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET')).toUpperCase();
    if (token && !SAFE_METHODS.includes(method)) headers.set('X-CSRF-Token', token);
    return headers;
  },
});

/**
 * fetchBaseQuery wrapped as RTK Query's "re-authorization" pattern: an endpoint of a signed-in
 * area carries the session's CSRF token, and its 401 signs the area out. An endpoint declares
 * it with `extraOptions`; a `queryFn` calls it with the area's options (features/admin/api.ts).
 */
export const apiBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (args, queryApi, extraOptions = {}) => {
  const result = await fetchQuery(args, queryApi, extraOptions);
  if (result.error?.status === 401) extraOptions.auth?.signedOut(queryApi.dispatch);
  return result;
};

/**
 * The one RTK Query API of the web app. Features add their endpoints with
 * `api.injectEndpoints` (see features/{cart,plans}/api.ts). It joins the store when this
 * module first loads (app/store.ts says why).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['Cart', 'Order', 'HardwareOrder'],
  endpoints: () => ({}),
});

injectApi(api, setupListeners);
