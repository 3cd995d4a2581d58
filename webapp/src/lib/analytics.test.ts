import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_VIEWS_URL, pageViewBody, setAnalyticsSink, trackPageView, viewportClass, type PageViewBody } from './analytics';

/** The JSON of the Blob handed to sendBeacon. */
async function beaconBody(beacon: ReturnType<typeof vi.fn>): Promise<PageViewBody> {
  const [url, blob] = beacon.mock.calls[0] as [string, Blob];
  expect(url).toBe(PAGE_VIEWS_URL);
  expect(blob.type).toBe('application/json');
  // jsdom's Blob has no text(): read it as a browser of old would.
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
  return JSON.parse(text) as PageViewBody;
}

function stubPrivacy(doNotTrack: string | null, globalPrivacyControl?: boolean) {
  Object.defineProperty(navigator, 'doNotTrack', { configurable: true, get: () => doNotTrack });
  Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, get: () => globalPrivacyControl });
}

describe('page views sent by beacon', () => {
  let beacon: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    // The real sender (the tests' setup installs a silent one).
    setAnalyticsSink(null);
    beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
    vi.stubGlobal('innerWidth', 800);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://www.google.co.uk/search?q=voip');
    stubPrivacy(null);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'sendBeacon');
    Reflect.deleteProperty(navigator, 'globalPrivacyControl');
    Reflect.deleteProperty(navigator, 'doNotTrack');
  });

  it('sends the path without its query, the referrer, the viewport and the UTM fields as JSON', async () => {
    trackPageView({ path: '/plans-and-pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring&email=jane@example.com', title: 'Plans', trigger: 'load' });
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(await beaconBody(beacon)).toEqual({
      path: '/plans-and-pricing',
      referrer: 'https://www.google.co.uk/search?q=voip',
      viewport: 'medium',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
    });
  });

  it('sends no referrer for the pages reached inside the site', async () => {
    trackPageView({ path: '/add-ons', title: 'Add-ons', trigger: 'navigation' });
    expect(await beaconBody(beacon)).toEqual({ path: '/add-ons', referrer: '', viewport: 'medium' });
  });

  it('falls back to fetch with keepalive when the beacon is refused', () => {
    beacon.mockReturnValue(false);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    trackPageView({ path: '/checkout', title: 'Checkout', trigger: 'navigation' });
    expect(fetchMock).toHaveBeenCalledWith(PAGE_VIEWS_URL, expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }));
  });

  it('sends nothing when the browser asks not to be tracked (Do Not Track)', () => {
    stubPrivacy('1');
    trackPageView({ path: '/', title: 'Home', trigger: 'load' });
    expect(beacon).not.toHaveBeenCalled();
  });

  it('sends nothing under Global Privacy Control', () => {
    stubPrivacy(null, true);
    trackPageView({ path: '/', title: 'Home', trigger: 'load' });
    expect(beacon).not.toHaveBeenCalled();
  });

  it('never tracks the staff pages', () => {
    for (const path of ['/admin', '/admin/analytics', '/admin/orders?query=SB-000001']) {
      trackPageView({ path, title: 'Staff', trigger: 'navigation' });
    }
    expect(beacon).not.toHaveBeenCalled();
    trackPageView({ path: '/administration-fees', title: 'Not staff', trigger: 'navigation' });
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('hands views to a sink set for tests instead', () => {
    const sink = vi.fn();
    setAnalyticsSink(sink);
    trackPageView({ path: '/', title: 'Home', trigger: 'load' });
    expect(sink).toHaveBeenCalledWith({ path: '/', title: 'Home', trigger: 'load' });
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('what a page view holds', () => {
  it('classes the window by its width', () => {
    expect([320, 639, 640, 1023, 1024, 1920].map(viewportClass)).toEqual(['small', 'small', 'medium', 'medium', 'large', 'large']);
  });

  it('keeps the path and UTM values within what the server accepts', () => {
    const body = pageViewBody({ path: `/${'a'.repeat(400)}?utm_source=${'s'.repeat(150)}#top`, title: '', trigger: 'load' }, 1200, '');
    expect(body.path).toHaveLength(300);
    expect(body.utmSource).toHaveLength(100);
    expect(body.viewport).toBe('large');
  });
});
