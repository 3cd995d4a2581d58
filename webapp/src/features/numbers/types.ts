import type { BillingCycle, CartPhoneNumber, PhoneNumberEntry, Schema } from '../../lib/api-types';

/** Countries numbers are sold in. */
export type CountryCode = 'GB' | 'US' | 'CA' | 'FR' | 'DE' | 'ES' | 'IT' | 'IE';

/** One number of a search result, as the server describes it (prices are the server's). */
export interface AvailableNumber {
  value: string;
  displayValue: string;
  national?: string;
  country?: string;
  numberType?: string;
  areaCode?: string;
  /**
   * Its price per month for the buyer's cart (its plan), as charged when not included, from the
   * server; absent when the server sent a bare string.
   */
  monthlyPence?: number;
  /** The server's word that, added now, the cart's plan would include it (no charge). */
  included?: boolean;
  isDemo?: boolean;
}

/** One page of `GET /api/available_numbers/`, with every number as an object. */
export interface NumberSearchPage {
  numbers: AvailableNumber[];
  totalNumbers: number;
  totalPages: number;
  currentPage: number;
  /** The next page's keyset (`after`): this page's last national number, none on the last page. */
  nextAfter?: string;
}

/** The wire form of a page: numbers may be strings or objects with a value. */
export type NumberSearchResponse = Schema<'SearchOut'>;

/**
 * A search as the visitor submitted it. `run` makes every submitted search its own cache
 * entry, so a new search always starts at page 1 with an empty list and asks the server again.
 */
export interface NumberSearch {
  countryCode: CountryCode;
  perPage: number;
  areaCode?: string;
  numberType?: string;
  mobilePrefix?: string;
  run: number;
}

/**
 * Whom the search prices for: the buyer's cart and its plan. A change of plan is another
 * search (the server prices the numbers again).
 */
export interface SearchPricing {
  cartId?: string;
  plan?: string;
}

/** A number of the free-trial pool (`GET /api/free-did-numbers/`). */
export type { FreeNumber } from '../../lib/api-types';

/**
 * The visitor's chosen numbers, from the server cart. The app layer builds it from the cart
 * feature (features never import each other); `add` and `remove` reject with the API error.
 */
export interface NumberSelection {
  numbers: CartPhoneNumber[];
  billingCycle: BillingCycle;
  /** The cart the search prices numbers for, and its plan (none before a cart or a plan). */
  cartId?: string;
  plan?: string;
  /** The cart's word that a number added now is within its plan's included numbers (absent before the cart loads). */
  nextNumberIncluded?: boolean;
  add: (entry: PhoneNumberEntry) => Promise<unknown>;
  remove: (value: string) => Promise<unknown>;
}
