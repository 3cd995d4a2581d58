import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogueFixture } from '../../../../testing/fixtures';
import { mockFetch } from '../../../../testing/mock-fetch';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { PbxPhoneSystemPage } from './pbx-phone-system-page';

beforeEach(() => {
  mockFetch({ 'GET /api/catalogue': () => catalogueFixture });
});

const card = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

describe('/pbx-phone-system', () => {
  it('opens one feature card at a time; clicking the open one closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PbxPhoneSystemPage />, { route: '/pbx-phone-system' });
    const toggles = ['Call routing', 'IVR menus', 'Conference calls', 'Music on hold', 'Voicemail and transcription', 'All features included', 'Unified office'];
    for (const name of toggles) expect(card(name)).toHaveAttribute('aria-expanded', 'false');

    await user.click(card('IVR menus'));
    expect(card('IVR menus')).toHaveAttribute('aria-expanded', 'true');
    const ivrPanel = document.getElementById(card('IVR menus').getAttribute('aria-controls')!);
    expect(ivrPanel).toBeVisible();
    expect(ivrPanel).toHaveTextContent('Menus within menus');

    await user.click(card('Music on hold'));
    expect(card('Music on hold')).toHaveAttribute('aria-expanded', 'true');
    expect(card('IVR menus')).toHaveAttribute('aria-expanded', 'false');
    expect(ivrPanel).not.toBeVisible();
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);

    await user.click(card('Music on hold'));
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('works by keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PbxPhoneSystemPage />, { route: '/pbx-phone-system' });
    card('Unified office').focus();
    await user.keyboard('{Enter}');
    expect(card('Unified office')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(card('Unified office')).toHaveAttribute('aria-expanded', 'false');
  });

  it('links to a quote and a phone call, and shows the PBX range from the price list', async () => {
    renderWithProviders(<PbxPhoneSystemPage />, { route: '/pbx-phone-system' });
    expect(screen.getAllByRole('link', { name: 'Get a quote' })[0]).toHaveAttribute('href', '/quote');
    expect(screen.getByRole('link', { name: /^Call 020/ })).toHaveAttribute('href', 'tel:+442079460000');
    expect(screen.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/plans-and-pricing');
    await waitFor(() => expect(screen.getByText(/Cloud PBX from/)).toHaveTextContent('Cloud PBX from £14.90 to £49.90 a month'));
    expect(screen.getAllByText(/90% less than a traditional PBX/).length).toBeGreaterThan(0);
  });
});
