import { AnalyticsPage } from '../../features/admin/analytics/analytics-page';

export function Component() {
  return <AnalyticsPage />;
}
