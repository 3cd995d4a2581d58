import { BusinessFeaturesPage } from '../../features/marketing/pages/business-features/business-features-page';

export function Component() {
  return <BusinessFeaturesPage />;
}
