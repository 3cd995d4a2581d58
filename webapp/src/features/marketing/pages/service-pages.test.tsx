import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { AppRouter, redirectTarget } from '../../../app/router';
import { makeStore } from '../../../app/store';
import { catalogueFixture } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';

/** Every page of this folder, with its H1. */
const SERVICE_PAGES: [string, RegExp][] = [
  ['/services', /Everything your business needs/],
  ['/business-phone-system', /A phone system that goes wherever your team goes/],
  ['/answering-services', /Every caller greeted/],
  ['/video-meetings', /Meet face to face/],
  ['/residential-voip', /Your home phone, ready for the landline switch-off/],
  ['/residential-features', /Everything your home phone should do/],
  ['/business-features', /Every feature, on every plan/],
  ['/pbx-phone-system', /moved to the cloud/],
  ['/business-broadband-page', /Connectivity built for calls/],
  ['/partner-program', /Grow your business/],
  ['/become-a-partner', /Apply to become a partner/],
  ['/why-talkbridge', /earns your business every month/],
  ['/about', /We make business phones simple/],
  ['/dashboard', /Manage your service in the customer dashboard/],
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

/** Heading levels in document order never skip one on the way down (h1 → h2 → h3). */
function headingLevelsSkipped(): string[] {
  const headings = Array.from(document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6'));
  const problems: string[] = [];
  let previous = 0;
  for (const heading of headings) {
    const level = Number(heading.tagName[1]);
    if (level > previous + 1) problems.push(`h${previous} → h${level} "${heading.textContent}"`);
    previous = level;
  }
  return problems;
}

beforeEach(() => {
  mockFetch({ 'GET /api/catalogue': () => catalogueFixture });
});

describe('the service and company pages', () => {
  it.each(SERVICE_PAGES)('%s is a page of its own: one H1, headings in order, title, canonical and JSON-LD', async (path, heading) => {
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
    const robots = document.head.querySelector('meta[name="robots"]')!.getAttribute('content');
    expect(robots).toBe(path === '/dashboard' ? 'noindex, nofollow' : 'index, follow');
  });

  it.each([
    ['/', /Business calls that just work/, '/quote'],
    ['/business-broadband-page', /Connectivity built for calls/, '/quote?product=broadband'],
    ['/answering-services', /Every caller greeted/, '/quote?product=largeTeam'],
    ['/pbx-phone-system', /moved to the cloud/, '/quote?product=cloudPbx'],
  ])('%s links the quote form (docs/product-rules.md#quote-requests), and the link opens it', async (path, heading, quote) => {
    const user = userEvent.setup();
    const history = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
    const links = within(document.querySelector('main')!)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href') === quote);
    expect(links.length).toBeGreaterThan(0);
    await user.click(links[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a quote' }, { timeout: 5000 })).toBeInTheDocument();
    expect(`${history.location.pathname}${history.location.search}`).toBe(quote);
  }, 15_000);

  it('prices in structured data come from the catalogue', async () => {
    renderApp('/pbx-phone-system');
    await waitFor(() => {
      const jsonLd = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!);
      expect(jsonLd['@graph'][0].offers).toMatchObject({ lowPrice: '14.90', highPrice: '49.90', priceCurrency: 'GBP' });
    });
  });

  it('a footer link to a section of the business phone system page scrolls that section into view', async () => {
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    const user = userEvent.setup();
    renderApp('/services');
    await screen.findByRole('heading', { level: 1, name: /Everything your business needs/ });
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);

    const footer = screen.getByRole('navigation', { name: 'Services' });
    await user.click(within(footer).getByRole('link', { name: 'Call routing' }));
    await screen.findByRole('heading', { level: 1, name: /A phone system that goes wherever/ });
    await waitFor(() => expect(scrolled).toEqual(['routing']));

    // Another section of the same page: no scroll to the top, straight to the section.
    vi.mocked(window.scrollTo).mockClear();
    await user.click(within(footer).getByRole('link', { name: 'HD voice' }));
    await waitFor(() => expect(scrolled).toEqual(['routing', 'voice']));
    expect(window.scrollTo).not.toHaveBeenCalled();
    // @ts-expect-error jsdom has no scrollIntoView of its own
    delete Element.prototype.scrollIntoView;
  });

  it('/dashboard sends customers to the dashboard site in a new tab', async () => {
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: /Sign in to the dashboard/ });
    expect(link).toHaveAttribute('href', 'https://portal.talkbridge.co.uk/login');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
