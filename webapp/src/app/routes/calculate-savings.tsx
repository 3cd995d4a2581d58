import { CalculateSavingsPage } from '../../features/marketing/pages/savings/calculate-savings-page';

export function Component() {
  return <CalculateSavingsPage />;
}
