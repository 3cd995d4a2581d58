import { PrepareFor2027Page } from '../../features/marketing/pages/prepare-for-2027/prepare-for-2027-page';

export function Component() {
  return <PrepareFor2027Page />;
}
