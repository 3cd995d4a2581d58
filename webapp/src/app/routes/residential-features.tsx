import { ResidentialFeaturesPage } from '../../features/marketing/pages/residential/residential-features-page';

export function Component() {
  return <ResidentialFeaturesPage />;
}
