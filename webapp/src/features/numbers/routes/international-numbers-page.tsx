import { useEffect, useState } from 'react';
import { COUNTRIES, findCountry, firstAreaCode } from '../area-codes';
import { FilterSelect } from '../components/filter-select';
import { NumberSearchPage, type NumberPageMeta } from '../components/number-search-page';
import { errorDetail, messages } from '../messages';
import type { AvailableNumber, CountryCode, NumberSearch, NumberSelection } from '../types';
import { useNumberPage } from '../use-number-page';
import { TRIAL_DAYS } from '../../../config/trial';

type InternationalNumberType = 'all' | 'local' | 'toll-free' | 'mobile';

const numberTypes: { value: InternationalNumberType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'local', label: 'Local Number' },
  { value: 'toll-free', label: 'Toll-Free Number' },
  { value: 'mobile', label: 'Mobile Number' },
];

const countryOptions = COUNTRIES.map((country) => ({ value: country.value, label: `${country.label} (${country.dialCode})` }));

const meta: NumberPageMeta = {
  title: 'International Phone Numbers: local and toll-free numbers abroad',
  description:
    'Get local and toll-free numbers in the United States, Canada, France, Germany, Spain, Italy and Ireland, answered on your UK phone system.',
  path: '/international-numbers',
  product: {
    name: 'international phone numbers',
    description: 'Local and toll-free numbers in the US, Canada and Europe.',
    offers: { '@type': 'AggregateOffer', priceCurrency: 'GBP', lowPrice: '4.99', highPrice: '19.99' },
  },
};

/** First load: US, page 1, per_page 20, no filters. */
export const INITIAL_INTERNATIONAL_SEARCH: NumberSearch = { countryCode: 'US', perPage: 20, run: 0 };

/** A search: per_page 50, area code and type only when chosen, mobile_prefix 07 for mobiles in GB. */
function internationalSearch(country: CountryCode, type: InternationalNumberType, areaCode: string, run: number): NumberSearch {
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
  const [country, setCountry] = useState<CountryCode>('US');
  const [numberType, setNumberType] = useState<InternationalNumberType>('all');
  // Empty until the visitor picks one: the first load has no area code.
  const [areaCode, setAreaCode] = useState('');
  const [showFailure, setShowFailure] = useState(true);
  const page = useNumberPage(selection, () => INITIAL_INTERNATIONAL_SEARCH);
  const { submitted, results, toggle } = page;
  const areaCodes = findCountry(country).areaCodes;

  // A failed first load is only logged: the list stays empty and the prompt shows.
  const initialFailure = !submitted && results.error !== undefined;
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
    page.reset();
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

  const changeAreaCode = (next: string) => {
    changed();
    setAreaCode(next);
  };

  return (
    <NumberSearchPage
      meta={meta}
      title="International Phone Numbers"
      lead={`Give customers abroad a local or toll-free number to call. Calls ring on your phones in the UK. Try it free for ${TRIAL_DAYS} days.`}
      selection={selection}
      page={page}
      international
      onSearch={() => {
        setShowFailure(true);
        page.submit((run) => internationalSearch(country, numberType, areaCode, run));
      }}
      filters={
        <>
          <FilterSelect label="Country" value={country} options={countryOptions} onChange={changeCountry} />
          <FilterSelect label="Number type" value={numberType} options={numberTypes} onChange={changeType} />
          <FilterSelect label="Area code" value={areaCode} options={areaCodes} onChange={changeAreaCode} anyLabel="Any area code" />
        </>
      }
      results={{
        numbers: results.numbers,
        searched: submitted,
        prompt: <p>Choose a country, number type and area code, then press Search to see the numbers available.</p>,
        emptyMessage: messages.internationalEmpty,
        failure: results.error !== undefined && submitted && showFailure ? messages.searchFailed(errorDetail(results.error)) : null,
        tagFor,
      }}
    />
  );
}
