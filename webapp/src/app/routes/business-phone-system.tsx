import { BusinessPhoneSystemPage } from '../../features/marketing/pages/business-phone-system/business-phone-system-page';

export function Component() {
  return <BusinessPhoneSystemPage />;
}
