import { INITIAL_INTERNATIONAL_SEARCH, InternationalNumbersPage } from '../../features/numbers/routes/international-numbers-page';
import { useNumberSelection } from '../use-number-selection';
import { liveNumberSearch } from '../../features/numbers/api';

export function Component() {
  return <InternationalNumbersPage selection={useNumberSelection()} />;
}

/** Served live: the opening search's first page is in the page's HTML (src/lib/live-page.ts). */
export const live = liveNumberSearch(INITIAL_INTERNATIONAL_SEARCH);
