import { ForgotPasswordPage } from '../../features/account/routes/forgot-password-page';

export function Component() {
  return <ForgotPasswordPage />;
}
