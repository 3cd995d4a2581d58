import { BecomeAPartnerPage } from '../../features/marketing/pages/partners/become-a-partner-page';

export function Component() {
  return <BecomeAPartnerPage />;
}
