/**
 * The one analytics module: first-party, cookieless page views (docs/product-rules.md,
 * Analytics). Each view is sent with `navigator.sendBeacon` to `POST /api/page-views` (fetch
 * with `keepalive` where there is no beacon): the path without its query string, the
 * referrer (only its host is kept, and only on the first page), a viewport class and the
 * UTM fields of the address. Nothing at all is sent when the browser asks not to be tracked
 * (Do Not Track or Global Privacy Control), nor for the staff pages (/admin/...).
 *
 * Tests replace the sender with `setAnalyticsSink`.
 */
interface PageView {
  /** The path with its query string (`/plans-and-pricing?utm_source=...`). */
  path: string;
  title: string;
  /**
   * 'load' for the first page; 'navigation' for an in-app link or redirect (push or
   * replace); 'back-forward' for history navigation.
   */
  trigger: 'load' | 'navigation' | 'back-forward';
}

type AnalyticsSink = (view: PageView) => void;

export type Viewport = 'small' | 'medium' | 'large';

/** The body of `POST /api/page-views`. */
export interface PageViewBody {
  path: string;
  referrer: string;
  viewport: Viewport;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export const PAGE_VIEWS_URL = '/api/page-views';
/** The server refuses longer values (and would drop the whole view). */
const MAX_PATH = 300;
const MAX_UTM = 100;

/** The window's class by its width: under 640 px small, under 1024 px medium, else large. */
export function viewportClass(width: number): Viewport {
  if (width < 640) return 'small';
  if (width < 1024) return 'medium';
  return 'large';
}

/** Whether the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
function trackingRefused(nav: Navigator = navigator): boolean {
  const privacy = nav as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || privacy.globalPrivacyControl === true;
}

/** The staff area is never tracked. */
function isStaffPath(path: string): boolean {
  return /^\/admin(?:[/?#]|$)/.test(path);
}

/**
 * What is sent for `view`: the query string stays in the browser (only the UTM fields are
 * read from it), and the referrer goes with the first page only, since the pages after it
 * were reached from this site.
 */
export function pageViewBody(view: PageView, width: number, referrer: string): PageViewBody {
  const [withoutHash] = view.path.split('#');
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : withoutHash.slice(queryAt + 1));
  const body: PageViewBody = {
    path: (path || '/').slice(0, MAX_PATH),
    referrer: view.trigger === 'load' ? referrer : '',
    viewport: viewportClass(width),
  };
  const utm = (name: string) => query.get(name)?.trim().slice(0, MAX_UTM) || undefined;
  const [utmSource, utmMedium, utmCampaign] = [utm('utm_source'), utm('utm_medium'), utm('utm_campaign')];
  if (utmSource) body.utmSource = utmSource;
  if (utmMedium) body.utmMedium = utmMedium;
  if (utmCampaign) body.utmCampaign = utmCampaign;
  return body;
}

/** Sends a view by beacon (it survives the page closing), or by fetch with keepalive. */
const beaconSink: AnalyticsSink = (view) => {
  const body = JSON.stringify(pageViewBody(view, window.innerWidth, document.referrer));
  const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(PAGE_VIEWS_URL, new Blob([body], { type: 'application/json' }));
  if (!sent) {
    void fetch(PAGE_VIEWS_URL, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  }
};

let sink: AnalyticsSink = beaconSink;

/** Replaces the sender (tests); null restores the beacon. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next ?? beaconSink;
}

/** Records a page view, unless the browser refuses tracking or the page is a staff page. */
export function trackPageView(view: PageView): void {
  try {
    if (trackingRefused() || isStaffPath(view.path)) return;
    sink(view);
  } catch (error) {
    console.warn('[analytics] tracking failed', error);
  }
}
