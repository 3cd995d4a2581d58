import { FraudAccountPage } from '../../features/admin/routes/fraud-account-page';

export function Component() {
  return <FraudAccountPage />;
}
