import { FreeNumbersPage } from '../../features/numbers/routes/free-numbers-page';

export { TrialSetupPlaceholder } from '../../features/numbers/routes/trial-setup-placeholder';

/** Served at /free-trial-numbers and /free-numbers. */
export function Component() {
  return <FreeNumbersPage />;
}
