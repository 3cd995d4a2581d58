import { InternationalNumbersPage } from '../../features/numbers/routes/international-numbers-page';
import { useNumberSelection } from '../use-number-selection';

export function Component() {
  return <InternationalNumbersPage selection={useNumberSelection()} />;
}
