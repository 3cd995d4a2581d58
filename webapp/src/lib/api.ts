import { setupListeners } from '@reduxjs/toolkit/query';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { injectApi } from '../app/store';
import { apiBaseUrl } from './api-base-url';

/**
 * The one RTK Query API of the web app. Features add their endpoints with
 * `api.injectEndpoints` (see features/{cart,plans}/api.ts). It joins the store when this
 * module first loads (app/store.ts says why).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: apiBaseUrl() }),
  tagTypes: ['Cart', 'Order', 'HardwareOrder'],
  endpoints: () => ({}),
});

injectApi(api, setupListeners);
