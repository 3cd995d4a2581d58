import { FreeNumbersPage } from '../../features/numbers/routes/free-numbers-page';

/** Served at /free-trial-numbers and /free-numbers. */
export function Component() {
  return <FreeNumbersPage />;
}
