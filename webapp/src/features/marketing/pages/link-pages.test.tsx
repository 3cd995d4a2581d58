import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { AppRouter, redirectTarget } from '../../../app/router';
import { makeStore } from '../../../app/store';
import { catalogueFixture } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';

/** The link targets that are pages of their own (the others redirect), with their H1 and structured data type. */
const LINK_PAGES: [string, RegExp, string][] = [
  ['/download-app', /Your business number on every device/, 'HowTo'],
  ['/calculate-savings', /What would your phones cost with us/, 'WebApplication'],
  ['/prepare-for-2027', /The 2027 switch-off: what it means for your business/, 'Article'],
];

function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  render(
    <Provider store={makeStore()}>
      <AppRouter history={history} />
    </Provider>,
  );
  return history;
}

function headingLevelsSkipped(): string[] {
  const problems: string[] = [];
  let previous = 0;
  for (const heading of Array.from(document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6'))) {
    const level = Number(heading.tagName[1]);
    if (level > previous + 1) problems.push(`h${previous} → h${level} "${heading.textContent}"`);
    previous = level;
  }
  return problems;
}

beforeEach(() => {
  mockFetch({ 'GET /api/catalogue': () => catalogueFixture });
});

describe('the tools and guides the marketing pages link to', () => {
  it.each(LINK_PAGES)('%s is a page: one H1, headings in order, a Talkbridge title, canonical and JSON-LD', async (path, heading, type) => {
    expect(redirectTarget(path)).toBeNull();
    const history = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(history.location.pathname).toBe(path);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(headingLevelsSkipped()).toEqual([]);
    await waitFor(() => expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `https://www.talkbridge.co.uk${path}`));
    expect(document.title).toContain('Talkbridge');
    const jsonLd = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd['@context']).toBe('https://schema.org');
    expect(jsonLd['@graph'][0]['@type']).toBe(type);
    expect(jsonLd['@graph'][1]['@type']).toBe('BreadcrumbList');
  });

  it('/prepare-for-2027 covers what changes, the timeline and the checklist, and leads to the trial and the plans', async () => {
    renderApp('/prepare-for-2027');
    await screen.findByRole('heading', { level: 1 });
    const changes = screen.getByRole('region', { name: 'What changes for a business' });
    const topics = within(changes).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(topics).toEqual(['Phone lines and numbers', 'Alarms and telecare', 'Card terminals', 'Lift emergency phones', 'Fax machines', 'Door entry and gate phones']);
    expect(screen.getByRole('region', { name: 'The timeline' })).toHaveTextContent('By January 2027');
    const checklist = screen.getByRole('list', { name: 'What to do before the switch-off' });
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(5);
    expect(checklist).toHaveTextContent('free');
    const cta = screen.getByRole('region', { name: 'Move before your line is moved for you' });
    expect(within(cta).getByRole('link', { name: 'Start 7 days trial' })).toHaveAttribute('href', '/free-trial-numbers');
    expect(within(cta).getByRole('link', { name: 'See plans and prices' })).toHaveAttribute('href', '/plans-and-pricing');
  });

  it('/calculate-savings explains its assumptions with the catalogue’s figures', async () => {
    renderApp('/calculate-savings');
    await screen.findByRole('heading', { level: 1 });
    const section = screen.getByRole('region', { name: 'Work out your saving' });
    await waitFor(() => expect(section).toHaveTextContent('1p a minute (calls to mobiles cost 8.3p)'));
    expect(section).toHaveTextContent('Single User includes 500 UK minutes a month and Multi User 1,500 for each block of 4 users');
    expect(section).toHaveTextContent('Pay As You Go adds £2.50 a month');
    expect(section).toHaveTextContent('VAT is 20% on top');
  });

  it('the home page links to all three from its services grid', async () => {
    renderApp('/');
    const tools = await screen.findByRole('list', { name: 'Useful tools and guides' });
    expect(within(tools).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/calculate-savings', '/download-app', '/prepare-for-2027']);
  });
});
