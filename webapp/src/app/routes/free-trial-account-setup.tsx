import { TrialSetupPage } from '../../features/trial/routes/trial-setup-page';

export function Component() {
  return <TrialSetupPage />;
}
