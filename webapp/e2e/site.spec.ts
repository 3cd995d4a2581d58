import { expect, test } from '@playwright/test';
import { buyOnPlansPage, freshStart } from './helpers';

test('redirects replace the old path', async ({ page }) => {
  await page.goto('/');
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/plans-and-pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans and Pricing');
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/plans');
  await expect(page).toHaveURL(/\/plans-and-pricing$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$|localhost:\d+\/$/);
});

test('an unknown path goes to /plans-and-pricing', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page).toHaveURL(/\/plans-and-pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans and Pricing');
});

async function expectOneH1(page: import('@playwright/test').Page) {
  await expect(page.locator('h1')).toHaveCount(1);
  // The check runs again after 500 ms; still exactly one.
  await page.waitForTimeout(600);
  await expect(page.locator('h1')).toHaveCount(1);
}

test('exactly one H1 on every page, with title, canonical and structured data', async ({ page }) => {
  await freshStart(page, '/');
  await expectOneH1(page);
  await expect(page).toHaveTitle(/Talkbridge/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.talkbridge.co.uk/');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Talkbridge/);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

  await page.goto('/plans-and-pricing');
  await expectOneH1(page);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.talkbridge.co.uk/plans-and-pricing');

  await buyOnPlansPage(page, 'Pay As You Go');
  await expectOneH1(page);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('compare all features opens and closes', async ({ page }) => {
  await freshStart(page, '/plans-and-pricing');
  const toggle = page.getByRole('button', { name: 'Compare All Features' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide All Features' })).toHaveAttribute('aria-expanded', 'true');
  const table = page.getByRole('table', { name: 'Features of each plan' });
  await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Pay As You Go', 'Single User', 'Multi User']);
});

test('a refused top-up shows the server message', async ({ page }) => {
  await buyOnPlansPage(page, 'Pay As You Go');
  const input = page.getByLabel('Top-up amount (£)');
  await expect(input).toHaveValue('10');

  // A real refusal: the client never sends a top-up below £10, so the refusal is provoked
  // by answering the one request with the server's error shape.
  await page.route('**/api/carts/*/top-up', (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: 'Top-up must be at least £10', code: 'top_up_below_minimum' }) }),
  );
  await input.fill('25');
  await page.getByRole('button', { name: 'Update top-up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Top-up must be at least £10');
});

test('a top-up below £10 is raised to £10 and a whole amount is saved on the server', async ({ page }) => {
  await buyOnPlansPage(page, 'Pay As You Go');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  const input = page.getByLabel('Top-up amount (£)');
  await input.fill('25');
  await page.getByRole('button', { name: 'Update top-up' }).click();
  await expect(summary).toContainText('£25.00');
  await input.fill('3');
  await page.getByRole('button', { name: 'Update top-up' }).click();
  await expect(input).toHaveValue('10');
  await expect(summary).toContainText('£10.00');
});
