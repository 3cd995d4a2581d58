import { ServicesPage } from '../../features/marketing/pages/services/services-page';

export function Component() {
  return <ServicesPage />;
}
