import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Catalogue } from '../../../../lib/api-types';
import { catalogueFixture } from '../../../../testing/fixtures';
import { mockFetch } from '../../../../testing/mock-fetch';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { BusinessBroadbandPage } from './business-broadband-page';

/** Prices unlike the real ones, to show the page prints what the server sends. */
const catalogue: Catalogue = {
  ...catalogueFixture,
  priceList: {
    ...catalogueFixture.priceList,
    businessBroadband: { agreementMonths: 12, tiers: [{ speedMbps: 300, speedLabel: '300 Mbps', monthlyPence: 7199 }] },
    leasedLines: {
      agreementMonths: 36,
      tiers: [
        { speedMbps: 1000, speedLabel: '1 Gbps', monthlyPence: 35000 },
        { speedMbps: 10000, speedLabel: '10 Gbps', monthlyPence: 75000 },
      ],
    },
  },
};

beforeEach(() => {
  mockFetch({ 'GET /api/catalogue': () => catalogue });
});

function priceRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
}

describe('/business-broadband-page', () => {
  it('shows the broadband prices first and switches to leased lines', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BusinessBroadbandPage />, { route: '/business-broadband-page' });
    const broadband = screen.getByRole('tab', { name: 'Broadband' });
    const leased = screen.getByRole('tab', { name: 'Leased lines' });
    expect(broadband).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('£71.99')).toBeInTheDocument();
    expect(priceRows()).toEqual(['300 Mbps£71.99']);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Broadband');
    expect(within(panel).getByRole('table', { name: /Business broadband prices, a month ex VAT/ })).toBeInTheDocument();
    expect(within(panel).getByText('12 months')).toBeInTheDocument();
    expect(within(panel).getByText('Faults fixed within 24 hours')).toBeInTheDocument();

    await user.click(leased);
    expect(leased).toHaveAttribute('aria-selected', 'true');
    expect(broadband).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Leased lines');
    expect(priceRows()).toEqual(['1 Gbps£350.00', '10 Gbps£750.00']);
    expect(screen.getByText('36 months')).toBeInTheDocument();
    expect(screen.getByText('Faults fixed within 5 hours')).toBeInTheDocument();
  });

  it('asks for a quote for the connection on show: broadband, then a leased line', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BusinessBroadbandPage />, { route: '/business-broadband-page' });
    const quoteLinks = () => screen.getAllByRole('link', { name: 'Request a quote' }).map((link) => link.getAttribute('href'));
    expect(quoteLinks()).toEqual(['/quote?product=broadband', '/quote?product=broadband']);
    expect(screen.getByRole('link', { name: 'leased line quote' })).toHaveAttribute('href', '/quote?product=leasedLine');
    await user.click(screen.getByRole('tab', { name: 'Leased lines' }));
    expect(quoteLinks()).toEqual(['/quote?product=leasedLine', '/quote?product=leasedLine']);
  });

  it('moves between the tabs with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BusinessBroadbandPage />, { route: '/business-broadband-page' });
    await screen.findByText('£71.99');
    const broadband = screen.getByRole('tab', { name: 'Broadband' });
    const leased = screen.getByRole('tab', { name: 'Leased lines' });
    expect(leased).toHaveAttribute('tabindex', '-1');
    broadband.focus();
    await user.keyboard('{ArrowRight}');
    expect(leased).toHaveFocus();
    expect(leased).toHaveAttribute('aria-selected', 'true');
    expect(priceRows()).toEqual(['1 Gbps£350.00', '10 Gbps£750.00']);
    await user.keyboard('{ArrowRight}');
    expect(broadband).toHaveFocus();
    await user.keyboard('{End}');
    expect(leased).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(broadband).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(leased).toHaveFocus();
  });

  it('holds the table rows while the prices load, and links to sales, contact and the phone system', async () => {
    renderWithProviders(<BusinessBroadbandPage />, { route: '/business-broadband-page' });
    // Placeholder rows (hidden from assistive technology) hold the space.
    expect(screen.getByRole('table').querySelectorAll('tbody tr')).toHaveLength(3);
    await screen.findByText('£71.99');
    const mail = screen.getAllByRole('link', { name: /Email/ });
    for (const link of mail) expect(link.getAttribute('href')).toMatch(/^mailto:sales@talkbridge\.co\.uk\?subject=/);
    expect(screen.getAllByRole('link', { name: 'Contact us' })[0]).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'business phone system' })).toHaveAttribute('href', '/business-phone-system');
  });
});
