import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useNavigationPending } from '../navigation-pending';
import { RouteErrorBoundary } from '../route-error';

/** The frame every area shares: skip link, its header, the loading bar, the page inside an error boundary, its footer. */
export function PageFrame({ header, footer }: { header: ReactNode; footer?: ReactNode }) {
  const pending = useNavigationPending();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {header}
      {pending && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <main id="main">
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      {footer}
    </>
  );
}
