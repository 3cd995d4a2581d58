import { AnsweringServicesPage } from '../../features/marketing/pages/answering-services/answering-services-page';

export function Component() {
  return <AnsweringServicesPage />;
}
