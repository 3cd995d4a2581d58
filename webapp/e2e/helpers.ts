import AxeBuilder from '@axe-core/playwright';
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

/**
 * What axe-core finds on `page` against WCAG 2.x A and AA and its best practices, one line
 * each (`label` names the page). Legacy mode runs axe once in the page, which reaches into its
 * frames itself, and only violations are written out: the same findings as AxeBuilder's default
 * (which runs axe per frame and joins the results in a page it opens for that) in a third of
 * the time (0.5-0.9 s a page where 1.2-2.6 s).
 */
export async function axeFindings(page: Page, label: string = page.url()): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')} — ${v.help}`);
}
