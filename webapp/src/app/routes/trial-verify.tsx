import { TrialVerifyPage } from '../../features/trial/routes/trial-verify-page';

export function Component() {
  return <TrialVerifyPage />;
}
