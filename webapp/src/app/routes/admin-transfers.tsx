import { TransfersPage } from '../../features/admin/routes/transfers-page';

export function Component() {
  return <TransfersPage />;
}
