/**
 * Web storage access where failures (private mode, quota) are only logged. localStorage unless
 * `area` says 'session'. Outside a browser (the build's prerender) there is none: nothing is read
 * or written.
 */

type StorageArea = 'local' | 'session';

function storage(area: StorageArea): Storage | null {
  if (typeof window === 'undefined') return null;
  return area === 'session' ? window.sessionStorage : window.localStorage;
}

export function readStorage(key: string, area: StorageArea = 'local'): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Could not read "${key}" from storage`, error);
    return null;
  }
}

export function writeStorage(key: string, value: string, area: StorageArea = 'local'): void {
  try {
    storage(area)?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not write "${key}" to storage`, error);
  }
}

export function removeStorage(key: string, area: StorageArea = 'local'): void {
  try {
    storage(area)?.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove "${key}" from storage`, error);
  }
}
