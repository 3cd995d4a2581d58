import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { consoleErrors } from './helpers';
import { SITE_URL, sitemap } from './crawl';
import { formatPence } from '../src/lib/format-money';
import type { Catalogue } from '../src/lib/api-types';

/** Pages kept out of search engines: never in the sitemap, served as the noindex shell. */
const NOINDEX_PATHS = [
  '/checkout',
  '/checkout/account-setup',
  '/thank-you',
  '/thank-you/trial',
  '/free-trial-account-setup',
  '/free-trial-thank-you',
  '/hardware-checkout',
  '/hardware-thank-you',
  '/admin',
  '/admin/login',
];

async function catalogue(request: APIRequestContext): Promise<Catalogue> {
  const response = await request.get('/api/catalogue');
  expect(response.status()).toBe(200);
  return (await response.json()) as Catalogue;
}

/** The plans' monthly prices without the plan that has none, lowest first. */
const monthlyPrices = (list: Catalogue) =>
  list.plans.map((plan) => plan.monthlyPence).filter((pence) => pence > 0).sort((a, b) => a - b);

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

// Every page of the sitemap as real HTML without JavaScript, and hydrated without a console
// error: the one crawl of the site map (site-map.spec.ts).

test('checkout, thank-you, set-up and staff pages are noindex, disallowed and absent from the sitemap', async ({ request, page }) => {
  const listed = (await sitemap(request)).map((entry) => entry.path);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map(([, path]) => path);
  for (const path of NOINDEX_PATHS) {
    expect(listed, path).not.toContain(path);
    expect(disallowed.some((prefix) => path.startsWith(prefix)), `robots.txt disallows ${path}`).toBe(true);
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).toMatch(/<meta name="robots" content="noindex/);
  }
  // An unknown path gets the same shell, never the prerendered home page.
  const unknown = await (await request.get('/no-such-page-here')).text();
  expect(unknown).toContain('<div id="root"></div>');
  expect(unknown).not.toContain('<h1');
  // The page itself says noindex too once it runs.
  await page.goto('/checkout');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('a prerendered page works at once and keeps one of each head tag across navigation', async ({ page }) => {
  const errors = consoleErrors(page);

  await page.goto('/plans-and-pricing');
  // Clicked as soon as the page has loaded, the billing switch works (the page's code is loaded
  // before hydration, so hydration never stops half-way) and the prices follow it.
  const singleUser = page.getByRole('article', { name: 'Single User' });
  await expect(singleUser).toContainText('/month');
  await page.getByRole('button', { name: 'Yearly', exact: true }).click();
  await expect(singleUser).toContainText('/year');

  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'See plans and pricing' }).click();
  await expect(page).toHaveURL(/\/plans-and-pricing$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE_URL}/plans-and-pricing`);
  await expect(page).toHaveTitle(/^Plans and Pricing/);
  for (const selector of ['title', 'link[rel="canonical"]', 'meta[name="description"]', 'meta[name="robots"]', 'meta[property="og:title"]', 'script[type="application/ld+json"]']) {
    await expect(page.locator(selector), selector).toHaveCount(1);
  }
  expect(errors).toEqual([]);
});

test('a button clicked while the page’s code still loads is clicked once it has loaded', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.route('**/assets/plans-and-pricing-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/plans-and-pricing', { waitUntil: 'domcontentloaded' });
  const singleUser = page.getByRole('article', { name: 'Single User' });
  await expect(singleUser).toContainText('/month');
  await page.getByRole('button', { name: 'Yearly', exact: true }).click();
  await expect(singleUser).toContainText('/year', { timeout: 10_000 });
  expect(errors).toEqual([]);
});

test('a choice made in a field while the page’s code still loads is kept, and the search sent meanwhile uses it', async ({ page }) => {
  await page.route('**/assets/all-phone-numbers-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/all-phone-numbers', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Area code').selectOption({ label: '01202 Bournemouth' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('article', { name: '01202 area code' })).toContainText('provisioned after payment', { timeout: 10_000 });
  await expect(page.getByRole('combobox', { name: 'Area code' })).toHaveValue('01202');
});

test('the prices in the prerendered HTML are the server catalogue’s', async ({ browser, request }) => {
  const list = await catalogue(request);
  const prices = monthlyPrices(list);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto('/plans-and-pricing');
  for (const plan of list.plans) {
    await expect(page.getByRole('article', { name: plan.name }).locator('.plan-price-amount')).toHaveText(
      formatPence(plan.monthlyPence),
    );
  }
  const offers = (await jsonLd(page)).map((block) => block.offers as Record<string, string> | undefined);
  expect(offers).toContainEqual(
    expect.objectContaining({
      priceCurrency: list.currency,
      lowPrice: (prices[0] / 100).toFixed(2),
      highPrice: (prices[prices.length - 1] / 100).toFixed(2),
    }),
  );
  await expect(page).toHaveTitle(new RegExp(`from ${formatPence(prices[0])} a month`));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`from ${formatPence(prices[0])} a month`);
  await expect(page).toHaveTitle(new RegExp(`from ${formatPence(prices[0])}`));
  for (const plan of list.plans) {
    await expect(page.getByRole('article', { name: plan.name }).locator('.plan-price-amount')).toHaveText(
      formatPence(plan.monthlyPence),
    );
  }
  await context.close();
});
