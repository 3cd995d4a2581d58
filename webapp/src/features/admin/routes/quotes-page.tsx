import { PageMeta } from '../../../components/page-meta';
import { QuoteRequests } from '../components/quote-requests';
import { RequireStaff } from '../components/require-staff';
import { QUOTES_PATH } from '../paths';
import '../admin.css';

/** /admin/quotes: the quote requests for the sales team (support and admin staff). */
export function QuotesPage() {
  return (
    <div className="container page-body admin-page">
      <PageMeta title="Quote requests" description="Quote requests waiting for the sales team's reply." path={QUOTES_PATH} noIndex />
      <h1>Quote requests</h1>
      <RequireStaff>{() => <QuoteRequests />}</RequireStaff>
    </div>
  );
}
