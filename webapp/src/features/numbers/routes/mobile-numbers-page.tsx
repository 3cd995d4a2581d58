import { useId, useState } from 'react';
import { FilterSelect } from '../components/filter-select';
import { NumberSearchPage, type NumberPageMeta } from '../components/number-search-page';
import { errorDetail, messages } from '../messages';
import type { NumberSearch, NumberSelection } from '../types';
import { useNumberPage } from '../use-number-page';
import { TRIAL_DAYS } from '../../../config/trial';

const MOBILE_PREFIXES = ['074', '075', '077', '078', '079'] as const;

const prefixOptions = MOBILE_PREFIXES.map((prefix) => ({ value: prefix, label: prefix }));

const meta: NumberPageMeta = {
  title: 'UK Mobile Numbers for business: 07 numbers from £4.99 a month',
  description:
    'Add a UK 07 mobile number to your business phone system: calls and texts reach you in the app, no SIM needed. Or transfer your number.',
  path: '/mobile-numbers',
  product: {
    name: 'UK mobile numbers',
    description: 'UK 07 mobile numbers on your business phone system.',
    offers: { '@type': 'Offer', priceCurrency: 'GBP', price: '4.99' },
  },
};

/** Mobile search: numberType mobile, GB, the chosen prefix or 07, per_page 20. */
export function mobileSearch(prefix: string, run: number): NumberSearch {
  return { countryCode: 'GB', perPage: 20, numberType: 'mobile', mobilePrefix: prefix || '07', run };
}

export function MobileNumbersPage({ selection }: { selection: NumberSelection }) {
  const countryId = useId();
  const [prefix, setPrefix] = useState('');
  // The search also runs on the first load.
  const page = useNumberPage(selection, () => mobileSearch('', 0));
  const { search, results } = page;

  return (
    <NumberSearchPage
      meta={meta}
      title="UK Mobile Numbers"
      lead={`A UK 07 number that rings on your desk phone, mobile app and computer. Try it free for ${TRIAL_DAYS} days.`}
      selection={selection}
      page={page}
      onSearch={() => page.submit((run) => mobileSearch(prefix, run))}
      filters={
        <>
          <div>
            <label htmlFor={countryId}>Country</label>
            <input id={countryId} value="United Kingdom" readOnly />
          </div>
          <FilterSelect label="Prefix" value={prefix} options={prefixOptions} onChange={setPrefix} anyLabel="Any" />
        </>
      }
      results={{
        numbers: results.numbers,
        searched: search !== null,
        prompt: <p>Choose a prefix, then press Search.</p>,
        emptyMessage: messages.mobileEmpty,
        failure: results.error !== undefined ? messages.mobileSearchFailed(errorDetail(results.error)) : null,
      }}
    />
  );
}
