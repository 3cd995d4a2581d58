import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { trackPageView } from '../../lib/analytics';
import { scheduleH1Check } from '../../lib/single-h1';
import { PageFrame } from './page-frame';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The element a URL hash names (`#routing`), if the page has it. */
function sectionNamed(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null; // a malformed escape names nothing
  }
}

/** Site-wide behaviour on each route change: scroll to top, page views, one H1. */
function useRouteChangeEffects() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef<string | null>(null);
  const lastTracked = useRef<string | null>(null);

  // A new page starts at the top, unless the link names a section of it (/business-phone-system#routing):
  // then that section scrolls into view, on a first load as on a client-side navigation.
  useEffect(() => {
    const samePage = shownPath.current === location.pathname;
    shownPath.current = location.pathname;
    const section = sectionNamed(location.hash);
    if (section) section.scrollIntoView?.();
    else if (!samePage) window.scrollTo(0, 0);
  }, [location.pathname, location.hash, location.key]);

  // A page view on the first load and on every change of page: links and redirects (push,
  // replace) as well as back/forward, since the order funnel (plans, add-ons, checkout,
  // thank-you) is walked by in-app navigations. A change of the hash alone (a tab on the
  // same page) is not a new page.
  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    if (lastTracked.current === path) return;
    const trigger = lastTracked.current === null ? 'load' : navigationType === 'POP' ? 'back-forward' : 'navigation';
    lastTracked.current = path;
    trackPageView({ path, title: document.title, trigger });
  }, [location.key, location.pathname, location.search, navigationType]);

  useEffect(() => scheduleH1Check(500), [location.key]);
}

export function RootLayout() {
  useRouteChangeEffects();
  return <PageFrame header={<SiteHeader />} footer={<SiteFooter />} />;
}
