import { UkNumbersPage, ukSearch } from '../../features/numbers/routes/uk-numbers-page';
import { useNumberSelection } from '../use-number-selection';
import { liveNumberSearch } from '../../features/numbers/api';
import { DEFAULT_UK_AREA_CODE } from '../../features/numbers/area-codes';

export function Component() {
  return <UkNumbersPage selection={useNumberSelection()} />;
}

/** Served live: the opening search's first page is in the page's HTML (src/lib/live-page.ts). */
export const live = liveNumberSearch(ukSearch('all', DEFAULT_UK_AREA_CODE, 0));
