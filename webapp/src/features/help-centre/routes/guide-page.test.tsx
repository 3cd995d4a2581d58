import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteConfig } from '../../../config/site';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { guideIds } from '../guide-ids';
import { videoGuides } from '../video-guides';
import { GuidePage } from './guide-page';

describe('a written set-up guide on its own page', () => {
  it('the router knows exactly the guides there are', () => {
    expect([...guideIds]).toEqual(videoGuides.map((guide) => guide.id));
  });

  it.each(videoGuides.map((guide) => [guide.id, guide] as const))('%s: its steps, the settings to type and what to check', (id, guide) => {
    renderWithProviders(<GuidePage />, { route: `/support/guides/${id}`, path: '/support/guides/:slug' });
    expect(screen.getByRole('heading', { level: 1, name: guide.title })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(guide.steps.length);
    expect(screen.getByRole('heading', { level: 2, name: 'If it does not work' })).toBeInTheDocument();
    expect(screen.getByText(`Our server: ${siteConfig.sipServer.domain}, port 5060, UDP.`)).toBeInTheDocument();
  });

  it('an unknown guide says so and points to the list', () => {
    renderWithProviders(<GuidePage />, { route: '/support/guides/nope', path: '/support/guides/:slug' });
    expect(screen.getByRole('heading', { level: 1, name: 'We could not find that guide' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support page' })).toHaveAttribute('href', '/support');
  });
});
