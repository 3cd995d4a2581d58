import { useState } from 'react';
import { DEFAULT_UK_AREA_CODE, matchesAreaCode, UK_AREA_CODES, UK_FREEPHONE_AREA_CODES, UK_GEOGRAPHIC_AREA_CODES, type AreaCodeOption } from '../area-codes';
import { FilterSelect } from '../components/filter-select';
import { NumberCard } from '../components/number-card';
import { NumberSearchPage, type NumberPageMeta } from '../components/number-search-page';
import { errorDetail, messages } from '../messages';
import type { AvailableNumber, NumberSearch, NumberSelection } from '../types';
import { useNumberPage } from '../use-number-page';
import { placeholderEntry, type NumberToggle } from '../use-number-toggle';
import { TRIAL_DAYS } from '../../../config/trial';

type UkNumberType = 'all' | 'geographic' | 'freephone' | 'mobile';

const meta: NumberPageMeta = {
  title: 'UK Phone Numbers: local, freephone and mobile numbers from £2 a month',
  description:
    'Choose a new UK business phone number by area code (020 London, 0161 Manchester and more), freephone 0800 and 0808, or transfer your number for free.',
  path: '/all-phone-numbers',
  product: {
    name: 'UK phone numbers',
    description: 'Local, freephone and mobile UK numbers for your business phone system.',
    offers: { '@type': 'AggregateOffer', priceCurrency: 'GBP', lowPrice: '2.00', highPrice: '9.99' },
  },
};

const numberTypes: { value: UkNumberType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'geographic', label: 'Local' },
  { value: 'freephone', label: 'Freephone' },
  { value: 'mobile', label: 'Mobile' },
];

/** The area codes offered for a type: mobile numbers have none (they start 07). */
function areaCodesFor(type: UkNumberType): AreaCodeOption[] {
  if (type === 'geographic') return UK_GEOGRAPHIC_AREA_CODES;
  if (type === 'freephone') return UK_FREEPHONE_AREA_CODES;
  if (type === 'mobile') return [];
  return UK_AREA_CODES;
}

/** The UK page's search: per_page 50, country GB, mobile_prefix 07 for mobiles. */
export function ukSearch(type: UkNumberType, areaCode: string, run: number): NumberSearch {
  return {
    countryCode: 'GB',
    perPage: 50,
    areaCode: type === 'mobile' ? undefined : areaCode || undefined,
    numberType: type === 'all' ? undefined : type,
    mobilePrefix: type === 'mobile' ? '07' : undefined,
    run,
  };
}

/** The client-side area-code filter of the UK page, on the national and E.164 forms. */
export function filterByAreaCode(numbers: AvailableNumber[], areaCode: string | undefined): AvailableNumber[] {
  return numbers.filter((number) => matchesAreaCode(number.national ?? number.value, areaCode) || matchesAreaCode(number.value, areaCode));
}

/** The sample London number shown when 020 has no live results: choosing it asks for an 020 number after payment. */
const SAMPLE_LONDON_NUMBER = '020 7946 0000';

function tagFor(number: AvailableNumber): string | undefined {
  if (number.numberType === 'freephone') return 'Freephone';
  if (number.numberType === 'mobile') return 'Mobile';
  if (number.numberType === 'national') return 'National';
  return undefined;
}

function EmptyAreaCard({ areaCode, toggle }: { areaCode: string; toggle: NumberToggle }) {
  const label = UK_AREA_CODES.find((option) => option.value === areaCode)?.label ?? areaCode;
  if (areaCode === '020') {
    const entry = placeholderEntry('020', '020 London number (assigned after payment)');
    return (
      <NumberCard
        displayValue={SAMPLE_LONDON_NUMBER}
        tag="Sample London number"
        note="No live 020 numbers right now: choose this and we assign you a London 020 number after payment."
        selected={toggle.isSelected(entry.value)}
        busy={toggle.isPending(entry.value)}
        onToggle={() => void toggle.toggle(entry)}
      />
    );
  }
  const entry = placeholderEntry(areaCode, `${areaCode} area code (provisioned after payment)`);
  return (
    <NumberCard
      displayValue={`${areaCode} area code`}
      tag="Area code"
      note={`A new ${label} number, provisioned after payment.`}
      selected={toggle.isSelected(entry.value)}
      busy={toggle.isPending(entry.value)}
      onToggle={() => void toggle.toggle(entry)}
    />
  );
}

export function UkNumbersPage({ selection }: { selection: NumberSelection }) {
  const [numberType, setNumberType] = useState<UkNumberType>('all');
  const [areaCode, setAreaCode] = useState(DEFAULT_UK_AREA_CODE);
  // The page opens with the default search (020, all types).
  const page = useNumberPage(selection, () => ukSearch('all', DEFAULT_UK_AREA_CODE, 0));
  const { search, results, toggle } = page;
  const areaCodes = areaCodesFor(numberType);

  const changeType = (next: UkNumberType) => {
    setNumberType(next);
    const codes = areaCodesFor(next);
    if (!codes.some((option) => option.value === areaCode)) setAreaCode(codes[0]?.value ?? '');
  };

  return (
    <NumberSearchPage
      meta={meta}
      title="UK Phone Numbers"
      lead={`Pick a local number in any UK area code, a freephone number, or bring the number you already have. Try it free for ${TRIAL_DAYS} days.`}
      selection={selection}
      page={page}
      onSearch={() => page.submit((run) => ukSearch(numberType, areaCode, run))}
      filters={
        <>
          <FilterSelect label="Number type" value={numberType} options={numberTypes} onChange={changeType} />
          {areaCodes.length > 0 && <FilterSelect label="Area code" value={areaCode} options={areaCodes} onChange={setAreaCode} />}
        </>
      }
      results={{
        numbers: filterByAreaCode(results.numbers, search?.areaCode),
        searched: search !== null,
        prompt: <p>Choose a number type and area code, then press Search.</p>,
        emptyMessage: messages.ukEmpty,
        emptyCard: search?.areaCode ? <EmptyAreaCard areaCode={search.areaCode} toggle={toggle} /> : undefined,
        failure: results.error !== undefined ? messages.searchFailed(errorDetail(results.error)) : null,
        tagFor,
      }}
    />
  );
}
