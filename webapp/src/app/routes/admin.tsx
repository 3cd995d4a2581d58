import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AdminHeader } from '../../features/admin/components/admin-header';
import { scheduleH1Check } from '../../lib/single-h1';
import { PageFrame } from '../layout/page-frame';

/**
 * The staff area's frame (/admin/...): its own header with who is signed in and Sign out, no
 * shop header, footer or page-view tracking. Scrolls to the top and keeps one H1 like the site's.
 */
export function Component() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  useEffect(() => scheduleH1Check(500), [location.key]);
  return <PageFrame header={<AdminHeader />} />;
}
