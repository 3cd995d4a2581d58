import { QuotesPage } from '../../features/admin/routes/quotes-page';

export function Component() {
  return <QuotesPage />;
}
