import { FraudPage } from '../../features/admin/routes/fraud-page';

export function Component() {
  return <FraudPage />;
}
