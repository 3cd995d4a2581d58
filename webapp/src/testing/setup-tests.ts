import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setAnalyticsSink } from '../lib/analytics';

// jsdom has no layout or scrolling.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Page views are not logged in tests (a test may install its own sink).
setAnalyticsSink(() => undefined);

afterEach(() => {
  setAnalyticsSink(() => undefined);
  cleanup();
  vi.mocked(window.scrollTo).mockClear();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});
