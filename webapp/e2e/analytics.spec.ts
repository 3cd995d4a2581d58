import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './helpers';
import { signIn, SUPPORT_EMAIL, SUPPORT_PASSWORD } from './staff';

// First-party page views against the real server: a visitor's beacons are queued, written in
// a batch within a second, and read by staff at /admin/analytics.

interface Report {
  days: { day: string; views: number }[];
  topPages: { path: string; views: number }[];
}

/** Today's page views as the staff API counts them (the page's staff session). */
async function todaysViews(staff: Page): Promise<number> {
  const response = await staff.request.get('/api/admin/analytics');
  expect(response.status()).toBe(200);
  const report = (await response.json()) as Report;
  return report.days.at(-1)?.views ?? 0;
}

/** The last row of the daily chart's text alternative (the default period ends today). */
function todaysRow(staff: Page) {
  return staff.getByRole('table', { name: 'Page views and visitors per day' }).getByRole('row').last();
}

test('page views from a visitor show on /admin/analytics, in the daily chart and the top pages', async ({ page: staff, browser }) => {
  await staff.goto('/admin/analytics');
  await signIn(staff, SUPPORT_EMAIL, SUPPORT_PASSWORD);
  await expect(staff).toHaveURL(/\/admin\/analytics$/);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Analytics');
  const before = await todaysViews(staff);

  // A visitor in a browser of their own: a page from outside, then one reached by a link.
  // The beacon's Blob body is not shown to Playwright: a wrapper keeps a copy of each (and
  // still sends it).
  const visitor = await browser.newPage();
  await visitor.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    const copies: Promise<string>[] = [];
    Object.assign(window, { pageViewBodies: copies });
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) copies.push(data.text());
      return send(url, data);
    };
  });
  const beacons: string[] = [];
  visitor.on('request', (request) => {
    if (request.url().endsWith('/api/page-views')) beacons.push(request.method());
  });
  await visitor.goto('/mobile-numbers?utm_source=e2e-newsletter&utm_medium=email');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await visitor.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(visitor).toHaveURL(/\/plans-and-pricing$/);
  await expect.poll(() => beacons).toEqual(['POST', 'POST']);
  const bodies = await visitor.evaluate(() => Promise.all((window as unknown as { pageViewBodies: Promise<string>[] }).pageViewBodies));
  expect(bodies.map((body) => JSON.parse(body) as unknown)).toEqual([
    { path: '/mobile-numbers', referrer: '', viewport: 'large', utmSource: 'e2e-newsletter', utmMedium: 'email' },
    { path: '/plans-and-pricing', referrer: '', viewport: 'large' },
  ]);
  await visitor.close();

  // The writer flushes at least once a second: both views are counted soon after.
  await expect.poll(() => todaysViews(staff), { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 2);
  await staff.reload();
  await expect(staff.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  const views = Number((await todaysRow(staff).getByRole('cell').first().textContent())?.replace(/,/g, ''));
  expect(views).toBeGreaterThanOrEqual(before + 2);
  const pages = staff.getByRole('table', { name: 'Top pages' });
  await expect(pages.getByRole('rowheader', { name: '/plans-and-pricing', exact: true })).toBeVisible();
  await expect(staff.getByRole('figure', { name: /Page views and visitors per day: [\d,]+ views/ })).toBeVisible();
  await expect(staff.getByRole('figure', { name: /Visitors who reached each step/ }).getByRole('listitem')).toHaveCount(4);

  // The line chart is drawn (uPlot, loaded with this page only), then the page is pictured.
  await expect(staff.locator('.analytics-plot canvas').first()).toBeVisible();
  await staff.screenshot({ path: 'test-results/analytics.png', fullPage: true });
  expect(await axeFindings(staff)).toEqual([]);

  // Staff pages are never counted: the reload above sent nothing (a view would be written
  // within a second).
  await staff.waitForTimeout(1500);
  expect(await todaysViews(staff)).toBe(views);
});

test('a browser that asks not to be tracked sends nothing', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { DNT: '1' } });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const page = await context.newPage();
  let beacons = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/page-views')) beacons += 1;
  });
  await page.goto('/plans-and-pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(500);
  expect(beacons).toBe(0);
  await context.close();
});
