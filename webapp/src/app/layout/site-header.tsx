import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NavDropdown } from '../../components/nav-dropdown';
import { mainNav, moreLinks, topBarLinks } from '../../config/navigation';
import { siteConfig } from '../../config/site';
import { CartDropdown } from '../../features/cart/components/cart-dropdown';
import { TRIAL_DAYS } from '../../config/trial';
import { selectAccountStatus } from '../../features/account/account-slice';
import { useAppSelector } from '../../lib/store-hooks';

const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  // "My account" once this tab knows the customer is signed in (the session cookie is
  // HttpOnly: the account pages ask the server); "Login" otherwise. Both lead to /account.
  const accountLabel = useAppSelector(selectAccountStatus) === 'signedIn' ? 'My account' : 'Login';

  // Navigation (a new path or hash) closes the menu: adjusted while rendering, not in an effect.
  const place = location.pathname + location.hash;
  const [openedAt, setOpenedAt] = useState(place);
  if (openedAt !== place) {
    setOpenedAt(place);
    setMobileOpen(false);
  }

  return (
    <header className="site-header">
      <div className="top-bar">
        <div className="container top-bar-inner">
          <nav aria-label="Top bar" className="top-bar-nav">
            {topBarLinks.map((link) => (
              <Link key={link.to} to={link.to}>
                {link.label}
              </Link>
            ))}
            <NavDropdown label="More" links={moreLinks} className="top-bar-more" />
            <Link to="/account">{accountLabel}</Link>
          </nav>
        </div>
      </div>
      <div className="main-bar">
        <div className="container main-bar-inner">
          <Link to="/" className="logo" aria-label={`${siteConfig.productName} home`}>
            <span className="logo-mark" aria-hidden="true">
              ☎
            </span>
            {siteConfig.productName}
          </Link>
          <nav aria-label="Main" className="main-nav">
            <Link to="/plans-and-pricing" className="main-nav-link">
              Pricing
            </Link>
            {mainNav.map((group) => (
              <NavDropdown key={group.label} label={group.label} links={group.links} />
            ))}
          </nav>
          <div className="header-actions">
            <Link to="/free-trial-numbers" className="button button-primary trial-button">
              Start {TRIAL_DAYS} days trial
            </Link>
            <CartDropdown />
            <button
              type="button"
              className="menu-toggle"
              aria-expanded={mobileOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMobileOpen(!mobileOpen)}
            >
              <span className="menu-toggle-bars" aria-hidden="true" />
            </button>
          </div>
        </div>
      </div>
      <nav id={MOBILE_MENU_ID} className="mobile-menu" aria-label="Mobile" hidden={!mobileOpen}>
        <div className="container">
          <ul className="mobile-menu-list">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/plans-and-pricing">Plans and Pricing</Link>
            </li>
          </ul>
          {mainNav.map((group) => (
            <div key={group.label} className="mobile-menu-group">
              <p className="mobile-menu-heading">{group.label}</p>
              <ul className="mobile-menu-list">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <ul className="mobile-menu-list">
            {[...topBarLinks, ...moreLinks].map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/account">{accountLabel}</Link>
            </li>
          </ul>
          <Link to="/free-trial-numbers" className="button button-primary button-block">
            Start {TRIAL_DAYS} days trial
          </Link>
        </div>
      </nav>
    </header>
  );
}
