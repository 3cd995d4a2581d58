import type { FreeNumber } from './api-types';
import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * The free number chosen on /free-numbers, handed to the trial sign-up: in the navigation state,
 * and in localStorage (`selectedFreeNumber`) so that a reload of the sign-up keeps it.
 */
export const SELECTED_FREE_NUMBER_KEY = 'selectedFreeNumber';

/** The trial sign-up page, where the picker's Proceed goes. */
export const TRIAL_SETUP_PATH = '/free-trial-account-setup';

/** Navigation state of the trial sign-up. */
export interface FreeNumberNavigationState {
  selectedNumber: FreeNumber;
}

export function isFreeNumber(value: unknown): value is FreeNumber {
  return typeof value === 'object' && value !== null && typeof (value as { value?: unknown }).value === 'string' && (value as FreeNumber).value !== '';
}

export function saveSelectedFreeNumber(number: FreeNumber): void {
  writeStorage(SELECTED_FREE_NUMBER_KEY, JSON.stringify(number));
}

/** The saved number, or null when there is none (or it is not a number object). */
export function readSelectedFreeNumber(): FreeNumber | null {
  const saved = readStorage(SELECTED_FREE_NUMBER_KEY);
  if (!saved) return null;
  try {
    const parsed: unknown = JSON.parse(saved);
    return isFreeNumber(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function forgetSelectedFreeNumber(): void {
  removeStorage(SELECTED_FREE_NUMBER_KEY);
}
