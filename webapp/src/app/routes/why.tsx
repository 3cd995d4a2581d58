import { WhyPage } from '../../features/marketing/pages/partners/why-page';

export function Component() {
  return <WhyPage />;
}
