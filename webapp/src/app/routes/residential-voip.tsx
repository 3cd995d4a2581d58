import { ResidentialVoipPage } from '../../features/marketing/pages/residential/residential-voip-page';

export function Component() {
  return <ResidentialVoipPage />;
}
