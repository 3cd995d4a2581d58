import { DashboardPage } from '../../features/marketing/pages/dashboard/dashboard-page';

export function Component() {
  return <DashboardPage />;
}
