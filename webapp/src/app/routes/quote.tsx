import { QuotePage } from '../../features/quotes';

export function Component() {
  return <QuotePage />;
}
