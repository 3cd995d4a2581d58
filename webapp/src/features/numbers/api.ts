import { api } from '../../lib/api';
import type { AvailableNumber, FreeNumber, NumberSearch, NumberSearchPage, NumberSearchResponse, SearchPricing } from './types';
import { normaliseAreaCode } from './area-codes';

/** Bare strings (the older API sent them) become objects without a price. */
function toAvailableNumber(entry: NumberSearchResponse['numbers'][number]): AvailableNumber {
  if (typeof entry === 'string') return { value: entry, displayValue: entry };
  return { ...entry, displayValue: entry.displayValue || entry.value };
}

/**
 * Which page of a search: its number, and the previous page's `next_after`, so the page starts
 * right after the last number shown even when the stock changed meanwhile (keyset paging).
 */
export interface SearchPageParam {
  page: number;
  after?: string;
}

/**
 * The query string of one page of a search (api/API.md, Search the stock): with the buyer's
 * `cartId`, the server prices each number for the cart's plan. The plan itself is not sent: it
 * is in the query's argument so that a change of plan searches again.
 */
export function searchParams(search: NumberSearch & SearchPricing, { page, after }: SearchPageParam): Record<string, string | number | undefined> {
  const areaCode = search.areaCode ? normaliseAreaCode(search.countryCode, search.areaCode) : '';
  return {
    page,
    after,
    per_page: search.perPage,
    country_code: search.countryCode,
    areaCode: areaCode || undefined,
    numberType: search.numberType || undefined,
    mobile_prefix: search.countryCode === 'GB' && search.mobilePrefix ? search.mobilePrefix : undefined,
    cartId: search.cartId || undefined,
  };
}

export const numbersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The stock, one page at a time; `fetchNextPage` appends the next page (load more). */
    searchNumbers: build.infiniteQuery<NumberSearchPage, NumberSearch & SearchPricing, SearchPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { page: 1 },
        getNextPageParam: (lastPage) =>
          lastPage.currentPage < lastPage.totalPages ? { page: lastPage.currentPage + 1, after: lastPage.nextAfter } : undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: 'available_numbers/', params: searchParams(queryArg, pageParam) }),
      transformResponse: (response: NumberSearchResponse): NumberSearchPage => ({
        numbers: (response.numbers ?? []).map(toAvailableNumber),
        totalNumbers: response.total_numbers ?? 0,
        totalPages: response.total_pages ?? 0,
        currentPage: response.current_page ?? 1,
        nextAfter: response.next_after ?? undefined,
      }),
      // Stock changes as other visitors reserve numbers: a page shown again searches again.
      keepUnusedDataFor: 0,
    }),
    /** The free-trial pool still available. */
    getFreeNumbers: build.query<FreeNumber[], void>({
      query: () => 'free-did-numbers/',
      transformResponse: (response: { numbers?: FreeNumber[] }) => response.numbers ?? [],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSearchNumbersInfiniteQuery, useGetFreeNumbersQuery } = numbersApi;
