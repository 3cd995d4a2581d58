import { expect, type Page } from '@playwright/test';

/** Every test starts without a cart: a fresh context, and the stored cart id cleared. */
/** Opens `path` with an empty localStorage, once the page is live (hydrated or rendered). */
export async function freshStart(page: Page, path: string): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(path);
  await page.locator('html[data-live="true"]').waitFor({ state: 'attached' });
}

/**
 * Opens `path` and waits until the page is live. A click that lands while React is still
 * hydrating can be lost (a link's navigation undone by the page's first effects); the
 * prerender tests cover what happens before hydration on purpose.
 */
export async function openLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-live="true"]').waitFor({ state: 'attached' });
}

export function planCard(page: Page, name: 'Pay As You Go' | 'Single User' | 'Multi User') {
  return page.getByRole('article', { name });
}

export function cartButton(page: Page) {
  return page.getByRole('button', { name: /^Cart, \d+ items?$/ });
}

/** Buy a plan on /plans-and-pricing with its minimum quantity and land on /add-ons. */
export async function buyOnPlansPage(page: Page, name: 'Pay As You Go' | 'Single User' | 'Multi User') {
  await freshStart(page, '/plans-and-pricing');
  await planCard(page, name).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customise your plan');
}

/** Every console error and uncaught exception of `page` (a hydration mismatch is one). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}
