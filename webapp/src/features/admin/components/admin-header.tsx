import { useState } from 'react';
import { Link } from 'react-router-dom';
import { siteConfig } from '../../../config/site';
import { useGetMeQuery, useLogoutMutation } from '../api';
import { messages } from '../messages';
import '../admin.css';

/** The staff area's header: who is signed in and 'Sign out'. */
export function AdminHeader() {
  const me = useGetMeQuery();
  const [logout, { isLoading }] = useLogoutMutation();
  const [error, setError] = useState<string | null>(null);
  const session = me.data;

  const signOut = async () => {
    setError(null);
    try {
      // The session is forgotten; the page's guard then sends the visitor to sign in (and back here after).
      await logout().unwrap();
    } catch {
      setError(messages.signOutFailed);
    }
  };

  return (
    <header className="admin-header">
      <div className="container admin-header-inner">
        <Link to="/admin/hardware" className="logo">
          <span className="logo-mark">{siteConfig.productName.slice(0, 1)}</span>
          {siteConfig.productName} staff
        </Link>
        {session && (
          <div className="admin-user">
            <span>
              Signed in as <strong>{session.email}</strong> ({session.role})
            </span>
            <button type="button" className="button button-secondary admin-small-button" onClick={() => void signOut()} disabled={isLoading}>
              {isLoading ? 'Signing out...' : 'Sign out'}
            </button>
            {error && (
              <span className="form-error" role="alert">
                {error}
              </span>
            )}
          </div>
        )}
      </div>
    </header>
  );
}
