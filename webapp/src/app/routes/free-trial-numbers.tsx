import { FreeNumbersPage } from '../../features/numbers/routes/free-numbers-page';
import { liveFreeNumbers } from '../../features/numbers/api';

/** Served at /free-trial-numbers and /free-numbers. */
export function Component() {
  return <FreeNumbersPage />;
}

/** Served live: the pool is in the page's HTML (src/lib/live-page.ts). */
export const live = liveFreeNumbers;
