import { useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { QuoteForm } from '../components/quote-form';
import { initialQuoteForm } from '../quote-rules';
import { QUOTE_PRODUCTS, type QuoteProduct } from '../types';
import '../quotes.css';

const isProduct = (value: string | null): value is QuoteProduct => (QUOTE_PRODUCTS as readonly string[]).includes(value ?? '');

/**
 * /quote: leased lines, broadband, cloud PBX, teams over 20, more than 10 phone numbers and
 * international porting, priced by a person. `?product=` preselects one; `?numbers=11` asks for
 * that many phone numbers; with `internationalPorting`, `?number=` fills in the message.
 */
export function QuotePage() {
  const [params] = useSearchParams();
  return (
    <div className="container page-body quote-page">
      <PageMeta
        title="Request a quote"
        description={`A quote for a leased line, business broadband, a cloud PBX, a phone system for more than 20 users, more than 10 numbers or moving a number from abroad, from ${siteConfig.productName}'s sales team: within the hour in office hours.`}
        path="/quote"
      />
      <h1>Request a quote</h1>
      <p className="lead">
        Leased lines, business broadband, a cloud PBX, a phone system for more than 20 users, more than 10 new phone numbers and moving a number from abroad are priced for your sites and your team.
        Tell us what you need and our sales team replies by e-mail within the hour in office hours ({siteConfig.supportPhoneHours}, Monday to Friday), or
        by 10am the next working day.
      </p>
      <div className="quote-layout">
        <QuoteForm initialForm={initialQuoteForm(params, isProduct)} />
        <aside className="panel quote-aside" aria-labelledby="quote-next-heading">
          <h2 id="quote-next-heading">What happens next</h2>
          <ol>
            <li>We check availability at your postcode (for lines and broadband) or your current set-up.</li>
            <li>You get a written quote by e-mail: monthly price, installation, contract length and fix times.</li>
            <li>Nothing is ordered until you say yes.</li>
          </ol>
          <p>
            Rather talk? Call <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a>.
          </p>
        </aside>
      </div>
    </div>
  );
}
