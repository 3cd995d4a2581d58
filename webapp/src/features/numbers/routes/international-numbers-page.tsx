import { useEffect, useId, useRef, useState } from 'react';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { COUNTRIES, findCountry, firstAreaCode } from '../area-codes';
import { NumbersPageFrame } from '../components/numbers-page-frame';
import { NumberTabs, type NumberTab } from '../components/number-tabs';
import { SearchResults } from '../components/search-results';
import { TransferForm } from '../components/transfer-form';
import { errorDetail, messages } from '../messages';
import type { AvailableNumber, CountryCode, NumberSearch, NumberSelection } from '../types';
import { useCheckoutMode } from '../use-checkout-mode';
import { useNumberSearch } from '../use-number-search';
import { useNumberToggle } from '../use-number-toggle';

export type InternationalNumberType = 'all' | 'local' | 'toll-free' | 'mobile';

const numberTypes: { value: InternationalNumberType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'local', label: 'Local Number' },
  { value: 'toll-free', label: 'Toll-Free Number' },
  { value: 'mobile', label: 'Mobile Number' },
];

/** First load (spec 1 §7): US, page 1, per_page 20, no filters. */
export const INITIAL_INTERNATIONAL_SEARCH: NumberSearch = { countryCode: 'US', perPage: 20, run: 0 };

/** A search: per_page 50, area code and type only when chosen, mobile_prefix 07 for mobiles in GB. */
export function internationalSearch(country: CountryCode, type: InternationalNumberType, areaCode: string, run: number): NumberSearch {
  return {
    countryCode: country,
    perPage: 50,
    areaCode: areaCode || undefined,
    numberType: type === 'all' ? undefined : type,
    mobilePrefix: type === 'mobile' && country === 'GB' ? '07' : undefined,
    run,
  };
}

function tagFor(number: AvailableNumber): string | undefined {
  if (number.numberType === 'freephone') return 'Toll-free';
  if (number.numberType === 'mobile') return 'Mobile';
  return undefined;
}

export function InternationalNumbersPage({ selection }: { selection: NumberSelection }) {
  const checkoutMode = useCheckoutMode();
  const countryId = useId();
  const typeId = useId();
  const areaId = useId();
  const runs = useRef(0);
  const [tab, setTab] = useState<NumberTab>('new');
  const [country, setCountry] = useState<CountryCode>('US');
  const [numberType, setNumberType] = useState<InternationalNumberType>('all');
  // Empty until the visitor picks one: the first load has no area code.
  const [areaCode, setAreaCode] = useState('');
  const [search, setSearch] = useState<NumberSearch | null>(INITIAL_INTERNATIONAL_SEARCH);
  const [searched, setSearched] = useState(false);
  const [showFailure, setShowFailure] = useState(true);
  const results = useNumberSearch(search);
  const toggle = useNumberToggle(selection);
  const areaCodes = findCountry(country).areaCodes;

  // A failed first load is only logged: the list stays empty and the prompt shows.
  const initialFailure = !searched && results.error !== undefined;
  useEffect(() => {
    if (initialFailure) console.warn('Initial number list could not be loaded', results.error);
  }, [initialFailure, results.error]);

  /** Any change to the search options clears the error message. */
  const changed = () => {
    setShowFailure(false);
    toggle.clearError();
  };

  const changeCountry = (next: CountryCode) => {
    changed();
    // Clear the results and page, then take the first area code of the new country.
    setSearch(null);
    setSearched(false);
    setCountry(next);
    setAreaCode(firstAreaCode(next));
    if (numberType === 'mobile' && next !== 'GB') setNumberType('all');
  };

  const changeType = (next: InternationalNumberType) => {
    changed();
    setNumberType(next);
    if (next === 'mobile') {
      // Mobile numbers are sold in the UK only; they have no geographic area code.
      setCountry('GB');
      setAreaCode('');
    }
  };

  const changeTab = (next: NumberTab) => {
    setTab(next);
    setSearch(null);
    setSearched(false);
    toggle.clearError();
  };

  const failure = results.error !== undefined && searched && showFailure ? messages.searchFailed(errorDetail(results.error)) : null;

  return (
    <>
      <PageMeta
        title="International Phone Numbers: local and toll-free numbers abroad"
        description="Get local and toll-free numbers in the United States, Canada, France, Germany, Spain, Italy and Ireland, answered on your UK phone system."
        path="/international-numbers"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `${siteConfig.productName} international phone numbers`,
          description: 'Local and toll-free numbers in the US, Canada and Europe.',
          offers: { '@type': 'AggregateOffer', priceCurrency: 'GBP', lowPrice: '4.99', highPrice: '19.99' },
        }}
      />
      <NumbersPageFrame
        title="International Phone Numbers"
        lead="Give customers abroad a local or toll-free number to call. Calls ring on your phones in the UK. Try it free for 14 days."
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
                  setShowFailure(true);
                  runs.current += 1;
                  setSearched(true);
                  setSearch(internationalSearch(country, numberType, areaCode, runs.current));
                }}
              >
                <div>
                  <label htmlFor={countryId}>Country</label>
                  <select id={countryId} value={country} onChange={(event) => changeCountry(event.target.value as CountryCode)}>
                    {COUNTRIES.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label} ({option.dialCode})
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={typeId}>Number type</label>
                  <select id={typeId} value={numberType} onChange={(event) => changeType(event.target.value as InternationalNumberType)}>
                    {numberTypes.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={areaId}>Area code</label>
                  <select
                    id={areaId}
                    value={areaCode}
                    onChange={(event) => {
                      changed();
                      setAreaCode(event.target.value);
                    }}
                  >
                    <option value="">Any area code</option>
                    {areaCodes.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
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
                searched={searched}
                prompt={<p>Choose a country, number type and area code, then press Search to see the numbers available.</p>}
                emptyMessage={messages.internationalEmpty}
                failure={failure}
                tagFor={tagFor}
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
