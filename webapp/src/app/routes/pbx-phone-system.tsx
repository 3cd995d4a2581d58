import { PbxPhoneSystemPage } from '../../features/marketing/pages/pbx-phone-system/pbx-phone-system-page';

export function Component() {
  return <PbxPhoneSystemPage />;
}
