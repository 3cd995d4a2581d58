import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { siteConfig } from '../../../config/site';
import { HelpCentrePage } from './help-centre-page';

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<HelpCentrePage />, { route: '/support' });
  return user;
}

const tab = (name: string) => screen.getByRole('tab', { name });
const cardTitles = () => within(screen.getByRole('tabpanel')).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('SupportPage', () => {
  it('has one h1, the info sections in order and the support hours from the site settings', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Video guides',
      'Our Support Channels',
      'What We Support',
      'Our Commitment to You',
      'Before Contacting Support',
      'Still stuck? Talk to us',
    ]);
    expect(screen.getAllByText(new RegExp(siteConfig.supportPhoneHours)).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: siteConfig.supportEmail })).toHaveAttribute('href', `mailto:${siteConfig.supportEmail}`);
  });

  it('shows the desktop guides first and switches tabs by click and by arrow keys', async () => {
    const user = renderPage();
    expect(tab('Desktop Setup')).toHaveAttribute('aria-selected', 'true');
    expect(cardTitles()).toEqual(['3CX for Windows setup', 'Mac setup']);

    await user.click(tab('Mobile Setup'));
    expect(tab('Mobile Setup')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Desktop Setup')).toHaveAttribute('aria-selected', 'false');
    expect(cardTitles()).toEqual(['Zoiper for Android', 'Zoiper for iOS']);

    await user.keyboard('{ArrowRight}');
    expect(tab('Features')).toHaveFocus();
    expect(tab('Features')).toHaveAttribute('aria-selected', 'true');
    expect(cardTitles()).toEqual(['Dashboard guide']);

    await user.keyboard('{ArrowRight}');
    expect(tab('Desktop Setup')).toHaveFocus();
    expect(tab('Mobile Setup')).toHaveAttribute('tabindex', '-1');
  });

  it('a card opens its guide in the page with our SIP settings, and Back to Videos returns to the cards', async () => {
    const user = renderPage();
    await user.click(tab('Mobile Setup'));
    await user.click(screen.getByRole('button', { name: 'Open guide: Zoiper for iOS' }));

    const guide = screen.getByRole('article', { name: 'Zoiper for iOS' });
    expect(within(guide).getByRole('heading', { level: 3, name: 'Zoiper for iOS' })).toHaveFocus();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(within(guide).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
    const { domain, port, transport } = siteConfig.sipServer;
    expect(within(guide).getByText(`${domain}:${port}`)).toBeInTheDocument();
    expect(within(guide).getAllByText(`SIP ${transport}`).length).toBeGreaterThan(0);
    expect(within(guide).getByRole('img', { name: new RegExp(domain) })).toBeInTheDocument();
    // No video file exists for any guide, so there is no empty player.
    expect(document.querySelector('video')).toBeNull();

    await user.click(within(guide).getByRole('button', { name: /Back to Videos/ }));
    expect(screen.queryByRole('article')).toBeNull();
    expect(tab('Mobile Setup')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Open guide: Zoiper for iOS' })).toHaveFocus();
  });
});
