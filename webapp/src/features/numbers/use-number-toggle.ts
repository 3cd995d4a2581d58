import { useCallback, useState } from 'react';
import type { PhoneNumberEntry } from '../../lib/api-types';
import { quoteOfferPath, selectionErrorMessage } from './messages';
import type { AvailableNumber, NumberSelection } from './types';

/** The cart entry for a number of the stock: the server fills in the rest from its stock. */
export function stockEntry(number: AvailableNumber): PhoneNumberEntry {
  return {
    value: number.value,
    displayValue: number.displayValue,
    provider: 'unknown',
    isTransfer: false,
    isPlaceholder: false,
    ...(number.areaCode ? { areaCode: number.areaCode } : {}),
    ...(number.numberType ? { numberType: number.numberType } : {}),
    ...(number.country ? { country: number.country } : {}),
  };
}

/** An area-code placeholder: a number in that code provisioned after payment. */
export function placeholderEntry(areaCode: string, displayValue: string): PhoneNumberEntry {
  return {
    value: `placeholder-${areaCode}`,
    displayValue,
    provider: 'unknown',
    isTransfer: false,
    isPlaceholder: true,
    areaCode,
    country: 'GB',
  };
}

/**
 * Select + / Selected: toggles a number in or out of the cart. A refusal (409 taken, 422)
 * shows its message and leaves the selection as it was; one change per number at a time.
 */
export function useNumberToggle(selection: NumberSelection) {
  const [error, setError] = useState<string | null>(null);
  /** At the cart's cap: the quote page for more numbers, with the count (shown beside the error). */
  const [quotePath, setQuotePath] = useState<string | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const { numbers, add, remove } = selection;

  /** Whether the cart holds a number: by value (the server keeps stock and placeholder values as sent). */
  const isSelected = useCallback((value: string) => numbers.some((number) => number.value === value), [numbers]);
  const isPending = useCallback((value: string) => pending.has(value), [pending]);

  const run = useCallback(async (value: string, action: () => Promise<unknown>): Promise<boolean> => {
    setError(null);
    setQuotePath(null);
    setPending((current) => new Set(current).add(value));
    try {
      await action();
      return true;
    } catch (failure) {
      setError(selectionErrorMessage(failure));
      setQuotePath(quoteOfferPath(failure, numbers));
      return false;
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(value);
        return next;
      });
    }
  }, [numbers]);

  const toggle = useCallback(
    (entry: PhoneNumberEntry) => {
      if (pending.has(entry.value)) return Promise.resolve(false);
      return run(entry.value, () => (isSelected(entry.value) ? remove(entry.value) : add(entry)));
    },
    [isSelected, pending, run, add, remove],
  );

  const removeValue = useCallback((value: string) => run(value, () => remove(value)), [run, remove]);

  /** Adds a number to transfer in (a mobile with its PAC code); resolves to whether the server accepted it. */
  const addTransfer = useCallback(
    (typed: string, pac?: string) => {
      const value = typed.trim();
      if (!value) return Promise.resolve(false);
      const entry: PhoneNumberEntry = { value, displayValue: value, provider: 'unknown', isTransfer: true, isPlaceholder: false, ...(pac ? { pac } : {}) };
      return run(value, () => add(entry));
    },
    [run, add],
  );

  const clearError = useCallback(() => {
    setError(null);
    setQuotePath(null);
  }, []);

  return { error, quotePath, clearError, isSelected, isPending, toggle, removeValue, addTransfer };
}

export type NumberToggle = ReturnType<typeof useNumberToggle>;
