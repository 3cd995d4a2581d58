import { TrialThankYouPage } from '../../features/trial/routes/trial-thank-you-page';

export function Component() {
  return <TrialThankYouPage />;
}
