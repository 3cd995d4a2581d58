import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { siteConfig } from '../../../config/site';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { RefundPolicyPage } from './refund-policy-page';
import { TermsPage } from './terms-page';

function headingLevels() {
  return Array.from(document.querySelectorAll('h1, h2, h3')).map((heading) => Number(heading.tagName[1]));
}

describe.each([
  ['/privacy-policy', PrivacyPolicyPage, 'Privacy Policy'],
  ['/refund-policy', RefundPolicyPage, 'Refund Policy'],
  ['/general-terms-and-conditions', TermsPage, 'General Terms and Conditions'],
] as const)('%s', (path, Page, title) => {
  it('has one h1, headings that never skip a level, contents that link to each section, and our real contact details', async () => {
    renderWithProviders(<Page />, { route: path });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const levels = headingLevels();
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => index > 0 && expect(level).toBeLessThanOrEqual(levels[index - 1] + 1));
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    for (const link of Array.from(contents.querySelectorAll('a'))) {
      expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    }
    expect(document.body).toHaveTextContent(siteConfig.office.postalCode);
    expect(document.body).not.toHaveTextContent(/X{3}|0000 000|placeholder/i);
    await waitFor(() => expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${siteConfig.siteUrl}${path}`));
  });
});

describe('the policies say what the business promises', () => {
  it('privacy: lawful basis, how long, rights, the ICO, and page views counted without cookies, IP or user agent', () => {
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacy-policy' });
    const text = document.body.textContent ?? '';
    for (const phrase of ['Lawful basis', 'Kept for', 'portability', 'correct', 'delete', 'Information Commissioner’s Office', '0303 123 1113', 'Do Not Track', 'Global Privacy Control', 'changes every day']) {
      expect(text).toContain(phrase);
    }
    expect(text).toMatch(/We set no cookies for analytics/);
    expect(text).toMatch(/do not\s+store your IP address or your browser’s details/);
  });

  it('privacy: page views kept 13 months then only as daily totals, postcode lookups a day (docs/personal-data.md)', () => {
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacy-policy' });
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/We keep page views for 13 months; after that we keep only daily totals of views\s+and visitors for each page\./);
    const kept = (data: RegExp) => {
      const row = screen.getAllByRole('row').find((candidate) => data.test(candidate.querySelector('td')?.textContent ?? ''));
      expect(row, String(data)).toBeDefined();
      return row!.querySelectorAll('td')[1].textContent?.replace(/\s+/g, ' ').trim();
    };
    expect(kept(/^Page views/)).toMatch(/^Thirteen months, then only daily totals of views and visitors for each page/);
    expect(kept(/^Postcodes typed to look up an address/)).toBe('One day');
    expect(document.body).not.toHaveTextContent(/Twenty-five months/);
  });

  it('refunds: the guarantee, outage credits, desk phones replaced then repaired then refunded, returns at the buyer’s cost', () => {
    renderWithProviders(<RefundPolicyPage />, { route: '/refund-policy' });
    const text = document.body.textContent ?? '';
    expect(screen.getByRole('heading', { name: /30-day money-back guarantee/ })).toBeInTheDocument();
    expect(text).toMatch(/we replace it.*if a replacement is not possible, we have it repaired.*if it cannot be repaired, we refund/s);
    expect(text).toContain('original packaging');
    expect(text).toContain('you pay for the return postage');
    expect(text).toContain('opened or used may be refused');
    expect(text).toContain('Refunds go back to the payment method you used');
  });

  it('terms: prices without VAT, service after payment, thirty days’ notice and the 7-day right to cancel', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    const text = document.body.textContent ?? '';
    expect(text).toContain('Prices on this website and in our quotes exclude VAT');
    expect(text).toContain('Your service starts once the payment has been confirmed');
    expect(text).toContain('thirty days’ written notice');
    expect(text).toContain('within 7 days of placing it, as long as the service has not started');
  });

  it('/terms shows the terms with their one canonical address', async () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${siteConfig.siteUrl}/general-terms-and-conditions`),
    );
  });
});
