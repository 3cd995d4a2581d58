import { SignInPage } from '../../features/account/routes/sign-in-page';

export function Component() {
  return <SignInPage />;
}
