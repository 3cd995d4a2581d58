import type { CountryCode } from './types';

export interface AreaCodeOption {
  value: string;
  label: string;
}

/** Options from labels that start with their code: '0161 Manchester' is the option 0161. */
function codes(...labels: string[]): AreaCodeOption[] {
  return labels.map((label) => ({ value: label.split(' ', 1)[0], label }));
}

/** The UK page's geographic area codes, 020 first (the default). */
export const UK_GEOGRAPHIC_AREA_CODES: AreaCodeOption[] = codes(
  '020 London',
  '0161 Manchester',
  '0121 Birmingham',
  '0131 Edinburgh',
  '0141 Glasgow',
  '0151 Liverpool',
  '0113 Leeds',
  '0114 Sheffield',
  '0117 Bristol',
  '0118 Reading',
  '0116 Leicester',
  '0115 Nottingham',
  '029 Cardiff',
  '01202 Bournemouth',
  '01204 Bolton',
  '01206 Colchester',
  '01223 Cambridge',
  '01225 Bath',
  '01244 Chester',
  '01253 Blackpool',
  '01254 Blackburn',
  '01256 Basingstoke',
  '01270 Crewe',
  '01273 Brighton',
  '01274 Bradford',
);

export const UK_FREEPHONE_AREA_CODES: AreaCodeOption[] = codes('0800 Freephone', '0808 Freephone');

/** Every code of the UK dropdown: the geographic codes plus freephone 0800 and 0808. */
export const UK_AREA_CODES: AreaCodeOption[] = [...UK_GEOGRAPHIC_AREA_CODES, ...UK_FREEPHONE_AREA_CODES];

export const DEFAULT_UK_AREA_CODE = '020';

interface CountryOption {
  value: CountryCode;
  label: string;
  /** International calling code, e.g. '+44'. */
  dialCode: string;
  areaCodes: AreaCodeOption[];
}

/** The international page's countries with the area codes of the server's stock. */
export const COUNTRIES: CountryOption[] = [
  { value: 'GB', label: 'United Kingdom', dialCode: '+44', areaCodes: UK_AREA_CODES },
  { value: 'US', label: 'United States', dialCode: '+1', areaCodes: codes('212 New York', '415 San Francisco', '312 Chicago', '800 Toll-free') },
  { value: 'CA', label: 'Canada', dialCode: '+1', areaCodes: codes('416 Toronto', '604 Vancouver') },
  { value: 'FR', label: 'France', dialCode: '+33', areaCodes: codes('1 Paris', '4 Marseille/Lyon', '800 Numéro vert') },
  { value: 'DE', label: 'Germany', dialCode: '+49', areaCodes: codes('30 Berlin', '89 Munich') },
  { value: 'ES', label: 'Spain', dialCode: '+34', areaCodes: codes('91 Madrid') },
  { value: 'IT', label: 'Italy', dialCode: '+39', areaCodes: codes('06 Rome') },
  { value: 'IE', label: 'Ireland', dialCode: '+353', areaCodes: codes('1 Dublin') },
];

export function findCountry(code: CountryCode): CountryOption {
  return COUNTRIES.find((country) => country.value === code) ?? COUNTRIES[0];
}

/** The first area code of a country: what a change of country selects. */
export function firstAreaCode(code: CountryCode): string {
  return findCountry(code).areaCodes[0]?.value ?? '';
}

/**
 * Area code normalisation for requests (docs/product-rules.md, Numbers and reservations): digits only; GB gets a leading 0 when
 * missing; US, CA and the others keep their digits as typed. Empty stays empty.
 */
export function normaliseAreaCode(country: CountryCode, areaCode: string): string {
  const digits = areaCode.replace(/\D/g, '');
  if (!digits) return '';
  return country === 'GB' && !digits.startsWith('0') ? `0${digits}` : digits;
}

/**
 * Client-side area-code filtering of the UK page. With no code or code 020
 * nothing is filtered; otherwise a number matches when it starts with the code, when its
 * +44 form (also written 44... or 0044...) turned into a leading 0 does, or when it lacks the
 * leading 0 the code has.
 */
export function matchesAreaCode(number: string, areaCode: string | undefined): boolean {
  const code = (areaCode ?? '').trim();
  if (!code || code === '020') return true;
  const compact = number.replace(/[\s()-]/g, '');
  if (compact.startsWith(code)) return true;
  const international = /^(\+44|0044|44(?=\d{10}$))(\d+)$/.exec(compact);
  if (international && `0${international[2]}`.startsWith(code)) return true;
  return code.startsWith('0') && !compact.startsWith('0') && !compact.startsWith('+') && compact.startsWith(code.slice(1));
}
