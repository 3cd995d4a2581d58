import type { ReactNode } from 'react';
import type { NumberSearchState } from '../use-number-search';
import type { NumberToggle } from '../use-number-toggle';
import { stockEntry } from '../use-number-toggle';
import { cardPriceLabel } from '../number-price';
import type { AvailableNumber, NumberSelection } from '../types';
import { NumberCard } from './number-card';

export interface SearchResultsProps {
  results: NumberSearchState;
  /** The numbers to show (the UK page filters them by area code). */
  numbers: AvailableNumber[];
  toggle: NumberToggle;
  /** The buyer's cart: each card shows the price it would pay. */
  selection: Pick<NumberSelection, 'numbers' | 'billingCycle' | 'nextNumberIncluded'>;
  /** False before any search: the prompt shows instead of the 'no results' message. */
  searched: boolean;
  prompt: ReactNode;
  emptyMessage: string;
  /** Shown instead of the empty message (the UK page's sample or placeholder card). */
  emptyCard?: ReactNode;
  /** The alert for a failed search; null hides it (a quiet first load). */
  failure: string | null;
  tagFor?: (number: AvailableNumber) => string | undefined;
}

/** Results with their loading, loading-more, error, empty and prompt states, and Load more. */
export function SearchResults({ results, numbers, toggle, selection, searched, prompt, emptyMessage, emptyCard, failure, tagFor }: SearchResultsProps) {
  const empty = results.isDone && numbers.length === 0 && !results.error;
  return (
    <section className="number-results" aria-labelledby="number-results-heading" aria-busy={results.isLoading || results.isLoadingMore}>
      <h2 id="number-results-heading">Available numbers</h2>
      {results.isLoading && (
        <p className="loading results-loading" role="status">
          Searching for numbers…
        </p>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {!results.isLoading && !results.isDone && !failure && <div className="numbers-prompt">{prompt}</div>}
      {numbers.length > 0 && (
        <>
          {results.totalNumbers !== undefined && (
            <p className="numbers-count">
              Showing {numbers.length} of {results.totalNumbers} {results.totalNumbers === 1 ? 'number' : 'numbers'}
            </p>
          )}
          <ul className="number-grid" aria-label="Numbers found">
            {numbers.map((number) => (
              <NumberCard
                key={number.value}
                displayValue={number.displayValue}
                price={cardPriceLabel(number, selection)}
                tag={tagFor?.(number)}
                selected={toggle.isSelected(number.value)}
                busy={toggle.isPending(number.value)}
                onToggle={() => void toggle.toggle(stockEntry(number))}
              />
            ))}
          </ul>
        </>
      )}
      {empty && searched && (emptyCard ? <ul className="number-grid" aria-label="Numbers found">{emptyCard}</ul> : <p className="numbers-empty">{emptyMessage}</p>)}
      {empty && !searched && <div className="numbers-prompt">{prompt}</div>}
      {results.hasMore && numbers.length > 0 && (
        <div className="load-more">
          <button type="button" className="button button-secondary" disabled={results.isLoadingMore} onClick={results.loadMore}>
            {results.isLoadingMore ? 'Loading more numbers…' : 'Load more numbers'}
          </button>
        </div>
      )}
    </section>
  );
}
