import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useGetMeQuery } from '../api';
import { messages } from '../messages';
import { signInPathFor, staffArea } from '../../../lib/next-path';
import type { StaffSession } from '../types';

/**
 * Renders `children` for a signed-in staff member. A visitor who is not signed in (GET
 * /api/admin/me answers 401, or a later call does) is sent to the sign-in page, which brings
 * them back here afterwards.
 */
export function RequireStaff({ children }: { children: (session: StaffSession) => ReactNode }) {
  const location = useLocation();
  const me = useGetMeQuery();
  if (me.isLoading) {
    return (
      <p className="loading" role="status">
        Checking your sign-in...
      </p>
    );
  }
  if (me.isError && !me.data) {
    return (
      <div className="admin-problem" role="alert">
        <p>{messages.signInCheckFailed}</p>
        <button type="button" className="button button-secondary" onClick={() => void me.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!me.data) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={signInPathFor(staffArea, here)} replace state={{ from: here }} />;
  }
  return children(me.data);
}
