import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { siteConfig } from '../../../config/site';
import { useGetMeQuery, useLogoutMutation } from '../api';
import { messages } from '../messages';
import { ANALYTICS_PATH, DEFAULT_ADMIN_PATH, FRAUD_PATH, HARDWARE_PATH, MAIL_PATH, ORDERS_PATH, TRANSFERS_PATH, QUOTES_PATH } from '../paths';
import '../admin.css';

/** The staff pages, in the header's order. */
const STAFF_PAGES = [
  { path: ORDERS_PATH, label: 'Orders' },
  { path: TRANSFERS_PATH, label: 'Transfers' },
  { path: FRAUD_PATH, label: 'Fraud' },
  { path: HARDWARE_PATH, label: 'Hardware' },
  { path: MAIL_PATH, label: 'Mail' },
  { path: QUOTES_PATH, label: 'Quotes' },
  { path: ANALYTICS_PATH, label: 'Analytics' },
];

/** The staff area's header: the staff pages (the current one marked), who is signed in and 'Sign out'. */
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
        <Link to={DEFAULT_ADMIN_PATH} className="logo">
          <span className="logo-mark">{siteConfig.productName.slice(0, 1)}</span>
          {siteConfig.productName} staff
        </Link>
        {session && (
          <nav className="admin-nav" aria-label="Staff pages">
            <ul>
              {STAFF_PAGES.map((page) => (
                <li key={page.path}>
                  {/* NavLink marks the current page (and an order's page under Orders) with aria-current="page". */}
                  <NavLink to={page.path} className={({ isActive }) => `admin-nav-link${isActive ? ' is-active' : ''}`}>
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
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
