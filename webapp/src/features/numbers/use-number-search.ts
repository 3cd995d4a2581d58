import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchNumbersInfiniteQuery } from './api';
import type { AvailableNumber, NumberSearch, SearchPricing } from './types';

export interface NumberSearchState {
  /** The numbers of every page loaded so far (empty before a search and while a new one loads). */
  numbers: AvailableNumber[];
  totalNumbers: number | undefined;
  /** Load more shows while the current page is below the total pages. */
  hasMore: boolean;
  isLoading: boolean;
  isLoadingMore: boolean;
  /** The failure of the first page or of load more. */
  error: unknown;
  /** True once the current search has an answer (results or none). */
  isDone: boolean;
  loadMore: () => void;
}

/**
 * Runs a submitted search (or nothing for `null`) with load more, priced for the buyer's cart
 * once it has a plan: a change of plan runs the search again. A cart without a plan is priced
 * as no cart, so the cart the first Select + creates does not search again.
 */
export function useNumberSearch(search: NumberSearch | null, { cartId, plan }: SearchPricing = {}): NumberSearchState {
  const pricing = cartId && plan ? { cartId, plan } : {};
  const query = useSearchNumbersInfiniteQuery(search ? { ...search, ...pricing } : skipToken);
  const pages = search ? (query.currentData?.pages ?? []) : [];
  const last = pages.at(-1);
  const isLoadingMore = search !== null && query.isFetchingNextPage;
  const isLoading = search !== null && query.isFetching && !isLoadingMore;
  const error = search !== null && query.isError && !query.isFetching ? query.error : undefined;
  return {
    numbers: pages.flatMap((page) => page.numbers),
    totalNumbers: last?.totalNumbers,
    hasMore: last !== undefined && last.currentPage < last.totalPages,
    isLoading,
    isLoadingMore,
    error,
    isDone: search !== null && !isLoading && last !== undefined,
    loadMore: () => {
      if (!query.isFetching) void query.fetchNextPage();
    },
  };
}
