import { AdminLoginPage } from '../../features/admin/routes/login-page';

export function Component() {
  return <AdminLoginPage />;
}
