import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { trackPageView } from '../../lib/analytics';
import { scheduleH1Check } from '../../lib/single-h1';
import { PageFrame } from './page-frame';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Site-wide behaviour on each route change: scroll to top, page views, one H1. */
function useRouteChangeEffects() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

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
