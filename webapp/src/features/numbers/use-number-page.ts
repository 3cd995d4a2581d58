import { useRef, useState } from 'react';
import type { NumberTab } from './components/number-tabs';
import type { NumberSearch, NumberSelection } from './types';
import { useCheckoutMode } from './use-checkout-mode';
import { useNumberSearch, type NumberSearchState } from './use-number-search';
import { useNumberToggle, type NumberToggle } from './use-number-toggle';

export interface NumberPageState {
  checkoutMode: boolean;
  tab: NumberTab;
  /** Switching tab clears the results and the selection error. */
  changeTab: (tab: NumberTab) => void;
  /** The search whose results show; null before any (when the page opens without one) and after a reset. */
  search: NumberSearch | null;
  /** True once the visitor has pressed Search, until a reset or a change of tab (the page's first search does not count). */
  submitted: boolean;
  results: NumberSearchState;
  toggle: NumberToggle;
  /** Search: clears the selection error and runs `make(run)` as a new search from page 1. */
  submit: (make: (run: number) => NumberSearch) => void;
  /** Clears the results. */
  reset: () => void;
}

/**
 * The state the UK, international and mobile number pages share: checkout mode, the New /
 * Transfer tab, the submitted search with its results (load more), and the selection toggle.
 * `initialSearch` runs when the page opens (null for none).
 */
export function useNumberPage(selection: NumberSelection, initialSearch: () => NumberSearch | null): NumberPageState {
  const checkoutMode = useCheckoutMode();
  const runs = useRef(0);
  const [tab, setTab] = useState<NumberTab>('new');
  const [search, setSearch] = useState(initialSearch);
  const [submitted, setSubmitted] = useState(false);
  const results = useNumberSearch(search, { cartId: selection.cartId, plan: selection.plan });
  const toggle = useNumberToggle(selection);

  const reset = () => {
    setSearch(null);
    setSubmitted(false);
  };

  return {
    checkoutMode,
    tab,
    changeTab: (next) => {
      setTab(next);
      reset();
      toggle.clearError();
    },
    search,
    submitted,
    results,
    toggle,
    submit: (make) => {
      toggle.clearError();
      runs.current += 1;
      setSubmitted(true);
      setSearch(make(runs.current));
    },
    reset,
  };
}
