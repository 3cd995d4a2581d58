import { AccountPage } from '../../features/account/routes/account-page';

export function Component() {
  return <AccountPage />;
}
