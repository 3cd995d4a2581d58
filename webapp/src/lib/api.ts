import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** Absolute so that it also works where fetch needs a full URL (tests). */
function apiBaseUrl(): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return `${origin}/api`;
}

/**
 * The one RTK Query API of the web app. Features add their endpoints with
 * `api.injectEndpoints` (see features/{cart,plans}/api.ts).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: apiBaseUrl() }),
  tagTypes: ['Cart', 'Catalogue', 'Order', 'HardwareOrder'],
  endpoints: () => ({}),
});
