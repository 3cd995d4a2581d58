import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogueFixture } from '../../../../testing/fixtures';
import { mockFetch } from '../../../../testing/mock-fetch';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { businessFaq } from './business-features-data';
import { BusinessFeaturesPage } from './business-features-page';

beforeEach(() => {
  mockFetch({ 'GET /api/catalogue': () => catalogueFixture });
});

function panel() {
  return screen.getByRole('tabpanel');
}

describe('/business-features', () => {
  it('shows the business setup, 13 questions and call to action by default', () => {
    renderWithProviders(<BusinessFeaturesPage />, { route: '/business-features' });
    expect(screen.getByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Set up your business in six steps' })).toBeInTheDocument();
    expect(within(panel()).getByRole('list', { name: 'Set up your business in six steps' }).children).toHaveLength(6);
    const questions = within(panel()).getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(13);
    expect(businessFaq).toHaveLength(13);
    expect(within(panel()).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/plans-and-pricing');
    expect(within(panel()).getByRole('link', { name: 'Start 7 days trial' })).toHaveAttribute('href', '/free-trial-numbers');
    expect(within(panel()).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('switches setup steps, FAQ and call to action to the residential variant and back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BusinessFeaturesPage />, { route: '/business-features' });
    await user.click(within(panel()).getByRole('button', { name: /Is there a contract\?/ }));
    await user.click(screen.getByRole('tab', { name: 'Residential' }));
    expect(screen.getByRole('tab', { name: 'Residential' })).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveAccessibleName('Residential');
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Set up your home phone in four steps' })).toBeInTheDocument();
    expect(within(panel()).queryByText('Set up your business in six steps')).not.toBeInTheDocument();
    expect(within(panel()).getAllByRole('button', { expanded: false })).toHaveLength(9);
    expect(within(panel()).getByRole('button', { name: /Can I keep my home phone number\?/ })).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'See home phone prices' })).toHaveAttribute('href', '/residential-voip');

    // Arrow keys move back to Business, whose questions start closed again.
    screen.getByRole('tab', { name: 'Residential' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Business' })).toHaveFocus();
    expect(within(panel()).getAllByRole('button', { expanded: false })).toHaveLength(13);
  });

  it('has the essentials, the advanced features, three industries, extensions 101-103 and "from £2 a month" from the price list', async () => {
    renderWithProviders(<BusinessFeaturesPage />, { route: '/business-features' });
    const section = (name: string) => screen.getByRole('region', { name });
    expect(within(section('The essentials')).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(within(section('Advanced features')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Analytics',
      'Call routing',
      'Softphone apps',
      'Professional voice recordings',
    ]);
    expect(within(section('How businesses like yours use it')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'A restaurant',
      'A plumber',
      'A consultant',
    ]);
    expect(within(screen.getByRole('list', { name: 'Sample extensions' })).getAllByRole('listitem').map((li) => li.textContent?.slice(0, 3))).toEqual([
      '101',
      '102',
      '103',
    ]);
    await waitFor(() => expect(screen.getByText(/a few extras start from/)).toHaveTextContent('a few extras start from £2.00 a month'));
  });
});
