import { adminApi, staffCall } from '../api';
import type { AnalyticsReport, PeriodArgs } from './types';

/** The staff area's page-view report, through its fetch layer (session, 401 handling). */
const analyticsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAnalytics: build.query<AnalyticsReport, PeriodArgs>({
      queryFn: ({ from, to }, queryApi) =>
        staffCall({ url: 'admin/analytics', params: { from, to } }, queryApi, (body) => body as AnalyticsReport),
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;
