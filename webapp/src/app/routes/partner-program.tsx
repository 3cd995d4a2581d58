import { PartnerProgramPage } from '../../features/marketing/pages/partners/partner-program-page';

export function Component() {
  return <PartnerProgramPage />;
}
