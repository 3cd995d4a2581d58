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
  const firstLoad = useRef(true);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    if (firstLoad.current) {
      firstLoad.current = false;
      trackPageView({ path, title: document.title, trigger: 'load' });
    } else if (navigationType === 'POP') {
      trackPageView({ path, title: document.title, trigger: 'back-forward' });
    }
  }, [location.key, location.pathname, location.search, navigationType]);

  useEffect(() => scheduleH1Check(500), [location.key]);
}

export function RootLayout() {
  useRouteChangeEffects();
  return <PageFrame header={<SiteHeader />} footer={<SiteFooter />} />;
}
