import { mobileSearch, MobileNumbersPage } from '../../features/numbers/routes/mobile-numbers-page';
import { useNumberSelection } from '../use-number-selection';
import { liveNumberSearch } from '../../features/numbers/api';

export function Component() {
  return <MobileNumbersPage selection={useNumberSelection()} />;
}

/** Served live: the opening search's first page is in the page's HTML (src/lib/live-page.ts). */
export const live = liveNumberSearch(mobileSearch('', 0));
