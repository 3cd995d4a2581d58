import { AboutPage } from '../../features/marketing/pages/about/about-page';

export function Component() {
  return <AboutPage />;
}
