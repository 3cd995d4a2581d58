import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setAnalyticsSink } from '../lib/analytics';

// findBy and waitFor give up after 3 s, not the library's 1 s: with a worker per core, a page
// whose code is loaded lazily (the router's routes) can take over a second to appear on a busy
// machine. Something that never appears still fails the test.
configure({ asyncUtilTimeout: 3000 });

// happy-dom has no alert, confirm or print (jsdom's only say "not implemented"): a test that
// spies on one needs it to be there.
for (const name of ['alert', 'confirm', 'print'] as const) {
  if (typeof window[name] !== 'function') Object.assign(window, { [name]: () => undefined });
}

// happy-dom's navigator.sendBeacon fetches for real, and its failure (no server in a test) is an
// unhandled rejection; a browser's beacon never rejects into the page. It is queued and dropped
// here (jsdom has none; analytics.test.ts puts its own on the navigator).
if (typeof navigator.sendBeacon === 'function') {
  Object.defineProperty(Object.getPrototypeOf(navigator), 'sendBeacon', { configurable: true, value: () => true });
}

// Neither DOM has layout or scrolling.
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
