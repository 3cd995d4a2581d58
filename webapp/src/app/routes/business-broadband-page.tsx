import { BusinessBroadbandPage } from '../../features/marketing/pages/business-broadband/business-broadband-page';

export function Component() {
  return <BusinessBroadbandPage />;
}
