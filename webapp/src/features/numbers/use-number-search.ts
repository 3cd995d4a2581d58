import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchNumbersInfiniteQuery } from './api';
import type { AvailableNumber, NumberSearch } from './types';

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

/** Runs a submitted search (or nothing for `null`) with load more. */
export function useNumberSearch(search: NumberSearch | null): NumberSearchState {
  const query = useSearchNumbersInfiniteQuery(search ?? skipToken);
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
