import { MobileNumbersPage } from '../../features/numbers/routes/mobile-numbers-page';
import { useNumberSelection } from '../use-number-selection';

export function Component() {
  return <MobileNumbersPage selection={useNumberSelection()} />;
}
