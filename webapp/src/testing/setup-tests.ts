import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setAnalyticsSink } from '../lib/analytics';

// findBy and waitFor give up after 3 s, not the library's 1 s: with a worker per core, a page
// whose code is loaded lazily (the router's routes) can take over a second to appear on a busy
// machine. Something that never appears still fails the test.
configure({ asyncUtilTimeout: 3000 });

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
