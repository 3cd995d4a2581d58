import type { CountryCode } from './types';

export interface AreaCodeOption {
  value: string;
  label: string;
}

/** The UK page's geographic area codes (spec 1 §9), 020 first (the default). */
export const UK_GEOGRAPHIC_AREA_CODES: AreaCodeOption[] = [
  { value: '020', label: '020 London' },
  { value: '0161', label: '0161 Manchester' },
  { value: '0121', label: '0121 Birmingham' },
  { value: '0131', label: '0131 Edinburgh' },
  { value: '0141', label: '0141 Glasgow' },
  { value: '0151', label: '0151 Liverpool' },
  { value: '0113', label: '0113 Leeds' },
  { value: '0114', label: '0114 Sheffield' },
  { value: '0117', label: '0117 Bristol' },
  { value: '0118', label: '0118 Reading' },
  { value: '0116', label: '0116 Leicester' },
  { value: '0115', label: '0115 Nottingham' },
  { value: '029', label: '029 Cardiff' },
  { value: '01202', label: '01202 Bournemouth' },
  { value: '01204', label: '01204 Bolton' },
  { value: '01206', label: '01206 Colchester' },
  { value: '01223', label: '01223 Cambridge' },
  { value: '01225', label: '01225 Bath' },
  { value: '01244', label: '01244 Chester' },
  { value: '01253', label: '01253 Blackpool' },
  { value: '01254', label: '01254 Blackburn' },
  { value: '01256', label: '01256 Basingstoke' },
  { value: '01270', label: '01270 Crewe' },
  { value: '01273', label: '01273 Brighton' },
  { value: '01274', label: '01274 Bradford' },
];

export const UK_FREEPHONE_AREA_CODES: AreaCodeOption[] = [
  { value: '0800', label: '0800 Freephone' },
  { value: '0808', label: '0808 Freephone' },
];

/** Every code of the UK dropdown: the geographic codes plus freephone 0800 and 0808. */
export const UK_AREA_CODES: AreaCodeOption[] = [...UK_GEOGRAPHIC_AREA_CODES, ...UK_FREEPHONE_AREA_CODES];

export const DEFAULT_UK_AREA_CODE = '020';

export interface CountryOption {
  value: CountryCode;
  label: string;
  /** International calling code, e.g. '+44'. */
  dialCode: string;
  areaCodes: AreaCodeOption[];
}

/** The international page's countries with the area codes of the server's stock. */
export const COUNTRIES: CountryOption[] = [
  { value: 'GB', label: 'United Kingdom', dialCode: '+44', areaCodes: UK_AREA_CODES },
  {
    value: 'US',
    label: 'United States',
    dialCode: '+1',
    areaCodes: [
      { value: '212', label: '212 New York' },
      { value: '415', label: '415 San Francisco' },
      { value: '312', label: '312 Chicago' },
      { value: '800', label: '800 Toll-free' },
    ],
  },
  {
    value: 'CA',
    label: 'Canada',
    dialCode: '+1',
    areaCodes: [
      { value: '416', label: '416 Toronto' },
      { value: '604', label: '604 Vancouver' },
    ],
  },
  {
    value: 'FR',
    label: 'France',
    dialCode: '+33',
    areaCodes: [
      { value: '1', label: '1 Paris' },
      { value: '4', label: '4 Marseille/Lyon' },
      { value: '800', label: '800 Numéro vert' },
    ],
  },
  {
    value: 'DE',
    label: 'Germany',
    dialCode: '+49',
    areaCodes: [
      { value: '30', label: '30 Berlin' },
      { value: '89', label: '89 Munich' },
    ],
  },
  { value: 'ES', label: 'Spain', dialCode: '+34', areaCodes: [{ value: '91', label: '91 Madrid' }] },
  { value: 'IT', label: 'Italy', dialCode: '+39', areaCodes: [{ value: '06', label: '06 Rome' }] },
  { value: 'IE', label: 'Ireland', dialCode: '+353', areaCodes: [{ value: '1', label: '1 Dublin' }] },
];

export function findCountry(code: CountryCode): CountryOption {
  return COUNTRIES.find((country) => country.value === code) ?? COUNTRIES[0];
}

/** The first area code of a country: what a change of country selects. */
export function firstAreaCode(code: CountryCode): string {
  return findCountry(code).areaCodes[0]?.value ?? '';
}

/**
 * Area code normalisation for requests (spec 1 §5): digits only; GB gets a leading 0 when
 * missing; US, CA and the others keep their digits as typed. Empty stays empty.
 */
export function normaliseAreaCode(country: CountryCode, areaCode: string): string {
  const digits = areaCode.replace(/\D/g, '');
  if (!digits) return '';
  return country === 'GB' && !digits.startsWith('0') ? `0${digits}` : digits;
}

/**
 * Client-side area-code filtering of the UK page (spec 1 §5). With no code or code 020
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
