import { Link } from 'react-router-dom';
import { NewsletterForm } from '../../components/newsletter-form';
import { footerColumns, legalLinks } from '../../config/navigation';
import { siteConfig } from '../../config/site';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="logo">{siteConfig.productName}</p>
          <p>Hosted phone systems for UK businesses and homes. UK-based support, 99.9% uptime, no contracts.</p>
          <p>
            <a href={siteConfig.salesPhoneHref}>{siteConfig.salesPhoneDisplay}</a>
            <br />
            <a href={`mailto:${siteConfig.salesEmail}`}>{siteConfig.salesEmail}</a>
          </p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.label} aria-label={column.label} className="footer-column">
            <p className="footer-heading">{column.label}</p>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="footer-newsletter">
          <p className="footer-heading">Newsletter</p>
          <NewsletterForm />
          <ul className="social-links" aria-label="Social profiles">
            {siteConfig.socialProfiles.map((profile) => (
              <li key={profile.name}>
                <a href={profile.url} target="_blank" rel="noopener noreferrer">
                  {profile.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <nav aria-label="Legal">
          {legalLinks.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
          <a href="/sitemap.xml">Sitemap</a>
        </nav>
        {/* A page prerendered last year keeps its year when hydrated, without a mismatch error, until the next build. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {siteConfig.productName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
