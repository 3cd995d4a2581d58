import { useId, useRef, useState } from 'react';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { NumbersPageFrame } from '../components/numbers-page-frame';
import { NumberTabs, type NumberTab } from '../components/number-tabs';
import { SearchResults } from '../components/search-results';
import { TransferForm } from '../components/transfer-form';
import { errorDetail, messages } from '../messages';
import type { NumberSearch, NumberSelection } from '../types';
import { useCheckoutMode } from '../use-checkout-mode';
import { useNumberSearch } from '../use-number-search';
import { useNumberToggle } from '../use-number-toggle';

export const MOBILE_PREFIXES = ['074', '075', '077', '078', '079'] as const;

/** Mobile search (spec 1 §7): numberType mobile, GB, the chosen prefix or 07, per_page 20. */
export function mobileSearch(prefix: string, run: number): NumberSearch {
  return { countryCode: 'GB', perPage: 20, numberType: 'mobile', mobilePrefix: prefix || '07', run };
}

export function MobileNumbersPage({ selection }: { selection: NumberSelection }) {
  const checkoutMode = useCheckoutMode();
  const countryId = useId();
  const prefixId = useId();
  const runs = useRef(0);
  const [tab, setTab] = useState<NumberTab>('new');
  const [prefix, setPrefix] = useState('');
  // The search also runs on the first load.
  const [search, setSearch] = useState<NumberSearch | null>(() => mobileSearch('', 0));
  const results = useNumberSearch(search);
  const toggle = useNumberToggle(selection);

  const changeTab = (next: NumberTab) => {
    setTab(next);
    setSearch(null);
    toggle.clearError();
  };

  return (
    <>
      <PageMeta
        title="UK Mobile Numbers for business: 07 numbers from £4.99 a month"
        description="Add a UK 07 mobile number to your business phone system: calls and texts reach you in the app, no SIM needed. Or transfer your number."
        path="/mobile-numbers"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `${siteConfig.productName} UK mobile numbers`,
          description: 'UK 07 mobile numbers on your business phone system.',
          offers: { '@type': 'Offer', priceCurrency: 'GBP', price: '4.99' },
        }}
      />
      <NumbersPageFrame
        title="UK Mobile Numbers"
        lead="A UK 07 number that rings on your desk phone, mobile app and computer. Try it free for 14 days."
        selection={selection}
        toggle={toggle}
        checkoutMode={checkoutMode}
      >
        <NumberTabs tab={tab} onChange={changeTab}>
          {tab === 'new' ? (
            <>
              <form
                className="number-filters"
                aria-label="Search numbers"
                onSubmit={(event) => {
                  event.preventDefault();
                  toggle.clearError();
                  runs.current += 1;
                  setSearch(mobileSearch(prefix, runs.current));
                }}
              >
                <div>
                  <label htmlFor={countryId}>Country</label>
                  <input id={countryId} value="United Kingdom" readOnly />
                </div>
                <div>
                  <label htmlFor={prefixId}>Prefix</label>
                  <select id={prefixId} value={prefix} onChange={(event) => setPrefix(event.target.value)}>
                    <option value="">Any</option>
                    {MOBILE_PREFIXES.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="button button-primary">
                  Search
                </button>
              </form>
              <SearchResults
                results={results}
                numbers={results.numbers}
                toggle={toggle}
                searched={search !== null}
                prompt={<p>Choose a prefix, then press Search.</p>}
                emptyMessage={messages.mobileEmpty}
                failure={results.error !== undefined ? messages.mobileSearchFailed(errorDetail(results.error)) : null}
              />
            </>
          ) : (
            <TransferForm onAdd={toggle.addTransfer} />
          )}
        </NumberTabs>
      </NumbersPageFrame>
    </>
  );
}
