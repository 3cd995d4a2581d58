import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { siteConfig } from '../../../config/site';
import { ContactPage } from './contact-page';

describe('ContactPage', () => {
  it('shows the office, phone, opening hours, e-mail and social profiles from the site settings, and a drawn map', () => {
    renderWithProviders(<ContactPage />, { route: '/contact' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(siteConfig.office.streetAddress, { exact: false, selector: 'address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: siteConfig.salesPhoneDisplay })).toHaveAttribute('href', siteConfig.salesPhoneHref);
    expect(screen.getByText(/Mon–Fri 09:00–18:00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: siteConfig.salesEmail })).toHaveAttribute('href', `mailto:${siteConfig.salesEmail}`);
    for (const profile of siteConfig.socialProfiles) {
      const link = screen.getByRole('link', { name: new RegExp(profile.name) });
      expect(link).toHaveAttribute('href', profile.url);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(screen.getByRole('img', { name: new RegExp(`Map: our office at ${siteConfig.office.streetAddress}`) })).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
