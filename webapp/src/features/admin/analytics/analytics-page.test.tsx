import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { refusal } from '../testing/refusal';
import { fakeAdminServer, staffSession } from '../testing/fake-admin-server';
import { renderAppAt } from '../testing/render-admin';
import { addDays, utcToday } from './period';
import type { AnalyticsReport } from './types';

// jsdom draws no canvas: uPlot is replaced by a stand-in that records what it was given.
const plots = vi.hoisted(() => [] as { data: number[][] }[]);
vi.mock('uplot', () => ({
  default: class FakePlot {
    static tzDate = (date: Date) => date;
    constructor(_options: unknown, data: number[][]) {
      plots.push({ data });
    }
    setSize() {}
    destroy() {}
  },
}));

afterEach(() => {
  plots.length = 0;
  vi.restoreAllMocks();
});

function report(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    from: '2026-03-01',
    to: '2026-03-03',
    totals: { views: 14, visitors: 6 },
    days: [
      { day: '2026-03-01', views: 11, visitors: 4 },
      { day: '2026-03-02', views: 3, visitors: 2 },
      { day: '2026-03-03', views: 0, visitors: 0 },
    ],
    topPages: [
      { path: '/plans-and-pricing', views: 5, visitors: 4 },
      { path: '/add-ons', views: 3, visitors: 3 },
    ],
    topReferrers: [{ host: 'www.google.co.uk', views: 2 }],
    funnel: [
      { step: 'plans', label: 'Plans and pricing', paths: ['/plans-and-pricing'], visitors: 5, dropOff: 0, dropOffPercent: null },
      { step: 'add-ons', label: 'Add-ons', paths: ['/add-ons'], visitors: 3, dropOff: 2, dropOffPercent: 40 },
      { step: 'checkout', label: 'Checkout', paths: ['/checkout'], visitors: 1, dropOff: 2, dropOffPercent: 66.7 },
      { step: 'thank-you', label: 'Thank-you page', paths: ['/thank-you'], visitors: 1, dropOff: 0, dropOffPercent: 0 },
    ],
    orders: 1,
    ...overrides,
  };
}

async function openAnalytics(path: string, answer: (url: URL) => unknown = () => report()) {
  const server = fakeAdminServer({
    session: staffSession('support'),
    extra: { 'GET /api/admin/analytics': (request) => answer(new URL(request.url)) },
  });
  const user = userEvent.setup();
  const app = renderAppAt(path);
  expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' }, { timeout: 3000 })).toBeInTheDocument();
  const asked = () => server.calls.filter((call) => call.url.pathname === '/api/admin/analytics').map((call) => Object.fromEntries(call.url.searchParams));
  return { server, user, asked, ...app };
}

describe('the analytics page (/admin/analytics)', () => {
  it('shows the totals, the daily chart with its table, the top pages and referrers, and the funnel', async () => {
    const { asked } = await openAnalytics('/admin/analytics?from=2026-03-01&to=2026-03-03');
    const daily = await screen.findByRole('figure', { name: /Page views and visitors per day: 14 views and 6 visitors over 3 days; the busiest day was 1 March 2026 with 11 views/ });
    expect(asked()).toEqual([{ from: '2026-03-01', to: '2026-03-03' }]);
    expect(screen.getByRole('heading', { level: 2, name: '1 March 2026 to 3 March 2026' })).toBeInTheDocument();

    // The chart's text alternative: every day, zeros included.
    const days = within(daily).getByRole('table', { name: 'Page views and visitors per day' });
    expect(within(days).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Sun, 1 Mar 2026114', 'Mon, 2 Mar 202632', 'Tue, 3 Mar 202600']);
    await waitFor(() => expect(plots).toHaveLength(1));
    expect(plots[0].data[1]).toEqual([11, 3, 0]);

    const pages = screen.getByRole('table', { name: 'Top pages' });
    expect(within(pages).getAllByRole('row')[1]).toHaveTextContent('/plans-and-pricing54');
    expect(within(screen.getByRole('table', { name: 'Top referrers' })).getByRole('rowheader', { name: 'www.google.co.uk' })).toBeInTheDocument();

    const funnel = screen.getByRole('figure', { name: /Visitors who reached each step of a service order/ });
    const steps = within(funnel).getAllByRole('listitem').map((step) => step.textContent);
    expect(steps).toEqual([
      'Plans and pricing5 visitorsWhere the funnel starts',
      'Add-ons3 visitors40% dropped off (2 visitors)',
      'Checkout1 visitor66.7% dropped off (2 visitors)',
      'Thank-you page1 visitor0% dropped off (0 visitors)',
    ]);
    expect(funnel).toHaveTextContent('1 service order completed in this period (1 visitor saw the thank-you page).');
    expect(within(screen.getByRole('navigation', { name: 'Staff pages' })).getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the last 30 days by default and the last 7 or 90 at a press, kept in the address', async () => {
    const { user, asked, history } = await openAnalytics('/admin/analytics');
    const today = utcToday();
    await screen.findByRole('table', { name: 'Top pages' });
    expect(asked()[0]).toEqual({ from: addDays(today, -29), to: today });
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ from: addDays(today, -6), to: today }));
    expect(history.location.search).toBe('?days=7');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 2, name: /^Last 7 days/ })).toBeInTheDocument();
  });

  it('shows the days from one date to another, and says what is wrong with a pair', async () => {
    const { user, asked, history } = await openAnalytics('/admin/analytics?days=7');
    await screen.findByRole('table', { name: 'Top pages' });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-03-04');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must not be after the last day.');

    await user.clear(from);
    await user.type(from, '2026-02-20');
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ from: '2026-02-20', to: '2026-03-01' }));
    expect(history.location.search).toBe('?from=2026-02-20&to=2026-03-01');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the period has no page views', async () => {
    const empty = report({
      totals: { views: 0, visitors: 0 },
      days: [{ day: '2026-03-03', views: 0, visitors: 0 }],
      topPages: [],
      topReferrers: [],
      orders: 0,
    });
    await openAnalytics('/admin/analytics?from=2026-03-03&to=2026-03-03', () => empty);
    expect(await screen.findByText('No page views in this period yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(plots).toHaveLength(0);
  });

  it('offers to try again when the report cannot be loaded', async () => {
    let fail = true;
    const { user } = await openAnalytics('/admin/analytics', () => (fail ? refusal(500, 'internal', 'Something went wrong.') : report()));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the page views. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Top pages' })).toBeInTheDocument();
  });
});
