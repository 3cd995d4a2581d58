import { api } from '../../lib/api';
import type { LivePage } from '../../lib/live-page';
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
interface SearchPageParam {
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

/** One page of the search as the pages read it. */
function toSearchPage(response: NumberSearchResponse): NumberSearchPage {
  return {
    numbers: (response.numbers ?? []).map(toAvailableNumber),
    totalNumbers: response.total_numbers ?? 0,
    totalPages: response.total_pages ?? 0,
    currentPage: response.current_page ?? 1,
    nextAfter: response.next_after ?? undefined,
  };
}

/** The free-trial pool as the page reads it. */
function toFreeNumbers(response: { numbers?: FreeNumber[] }): FreeNumber[] {
  return response.numbers ?? [];
}

/** The URL (under /api) of the first page of `search`, as RTK Query asks it. */
function firstPageUrl(search: NumberSearch): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams(search, { page: 1 }))) {
    if (value !== undefined) query.set(key, String(value));
  }
  return `/api/available_numbers/?${query}`;
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
      transformResponse: toSearchPage,
      // Stock changes as other visitors reserve numbers: a page shown again searches again.
      keepUnusedDataFor: 0,
    }),
    /** The free-trial pool still available. */
    getFreeNumbers: build.query<FreeNumber[], void>({
      query: () => 'free-did-numbers/',
      transformResponse: toFreeNumbers,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSearchNumbersInfiniteQuery, useGetFreeNumbersQuery } = numbersApi;

/**
 * A number page served live (api/src/http/routes/web.rs): the first page of its opening search is
 * in its HTML, and the browser starts from it. `preload` puts the server's answer in the store
 * as if fetched and holds it until `release` (the endpoints keep nothing unused).
 */
export function liveNumberSearch(search: NumberSearch): LivePage {
  return {
    api: firstPageUrl(search),
    preload: (dispatch, answer) => {
      const page = toSearchPage(answer as NumberSearchResponse);
      dispatch(
        numbersApi.util.upsertQueryEntries([
          { endpointName: 'searchNumbers', arg: search, value: { pages: [page], pageParams: [{ page: 1 }] } },
        ]),
      );
      const held = dispatch(numbersApi.endpoints.searchNumbers.initiate(search));
      return () => held.unsubscribe();
    },
  };
}

/** The free-trial pool's page served live, as liveNumberSearch. */
export const liveFreeNumbers: LivePage = {
  api: '/api/free-did-numbers/',
  preload: (dispatch, answer) => {
    dispatch(
      numbersApi.util.upsertQueryEntries([
        { endpointName: 'getFreeNumbers', arg: undefined, value: toFreeNumbers(answer as { numbers?: FreeNumber[] }) },
      ]),
    );
    const held = dispatch(numbersApi.endpoints.getFreeNumbers.initiate());
    return () => held.unsubscribe();
  },
};
