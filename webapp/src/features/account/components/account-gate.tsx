import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { AccountSession } from '../account-slice';
import { accountArea, signInPathFor } from '../../../lib/next-path';
import { useAccount } from '../use-account';

/**
 * The account pages' guard: a signed-out visitor is sent to /account/sign-in?next=<this page>;
 * while the session is being asked for, a progress line.
 */
export function AccountGate({ children }: { children: (session: AccountSession) => ReactNode }) {
  const location = useLocation();
  const { status, session } = useAccount();
  if (status === 'signedOut') return <Navigate to={signInPathFor(accountArea, `${location.pathname}${location.search}`)} replace />;
  if (!session) {
    return (
      <div className="container page-body">
        <p role="status">Loading your account...</p>
      </div>
    );
  }
  return <>{children(session)}</>;
}
