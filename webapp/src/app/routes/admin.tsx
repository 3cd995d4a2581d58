import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AdminHeader } from '../../features/admin/components/admin-header';
import { scheduleH1Check } from '../../lib/single-h1';
import { useNavigationPending } from '../navigation-pending';
import { RouteErrorBoundary } from '../route-error';

/**
 * The staff area's frame (/admin/...): its own header with who is signed in and Sign out, no
 * shop header, footer or page-view tracking. Scrolls to the top and keeps one H1 like the site's.
 */
export function Component() {
  const location = useLocation();
  const pending = useNavigationPending();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  useEffect(() => scheduleH1Check(500), [location.key]);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AdminHeader />
      {pending && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <main id="main">
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      </main>
    </>
  );
}
