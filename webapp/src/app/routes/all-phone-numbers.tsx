import { UkNumbersPage } from '../../features/numbers/routes/uk-numbers-page';
import { useNumberSelection } from '../use-number-selection';

export function Component() {
  return <UkNumbersPage selection={useNumberSelection()} />;
}
