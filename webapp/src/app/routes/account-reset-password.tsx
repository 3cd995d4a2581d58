import { ResetPasswordPage } from '../../features/account/routes/reset-password-page';

export function Component() {
  return <ResetPasswordPage />;
}
