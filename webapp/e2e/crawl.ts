import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { axeFindings, consoleErrors } from './helpers';

/**
 * The one crawl of the site map (site-map.spec.ts and site-map-hardware.spec.ts), every per-page
 * check in it, each page loaded twice (without and with JavaScript) instead of once per check:
 * - without JavaScript, every page the sitemap lists is real HTML: served for its exact path,
 *   one H1, one title, the canonical and og:url of its path, index/follow, a description and
 *   JSON-LD;
 * - with JavaScript, it hydrates without a console error, still has one H1, and axe-core
 *   (WCAG 2.x A and AA and its best practices) finds nothing; the buyer's pages the sitemap
 *   leaves out are scanned by axe too.
 */
export const SITE_URL = 'https://www.talkbridge.co.uk';
export const UNLISTED = ['/checkout', '/hardware-checkout', '/free-trial-account-setup'];

export async function sitemap(request: APIRequestContext): Promise<{ path: string; lastmod: string | undefined }[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, entry]) => ({
    path: new URL(/<loc>([^<]+)<\/loc>/.exec(entry)?.[1] ?? '').pathname,
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(entry)?.[1],
  }));
}

/** The prerendered HTML as a browser without JavaScript shows it. */
async function withoutJavaScript(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(new URL(page.url()).pathname, `${path} is served for its exact path, no redirect`).toBe(path);
  await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
  await expect(page, path).toHaveTitle(/Talkbridge/);
  await expect(page.locator('head > title'), path).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', `${SITE_URL}${path}`);
  await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'index, follow');
  await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /\w/);
  await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute('content', `${SITE_URL}${path}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks.length, `${path} has JSON-LD`).toBeGreaterThan(0);
  for (const block of blocks) expect((JSON.parse(block) as Record<string, unknown>)['@context'], path).toBe('https://schema.org');
}

/** The page hydrated: one H1 still, and what axe finds. */
async function withJavaScript(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1'), path).toHaveCount(1);
  return axeFindings(page, path);
}

export async function crawl(browser: Browser, page: Page, listed: string[], unlisted: string[]) {
  const errors = consoleErrors(page);
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  const found: string[] = [];
  for (const path of listed) {
    await test.step(path, async () => {
      await withoutJavaScript(plainPage, path);
      found.push(...(await withJavaScript(page, path)));
    });
  }
  for (const path of unlisted) {
    await test.step(path, async () => {
      found.push(...(await withJavaScript(page, path)));
    });
  }
  await plain.close();
  expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
  expect(errors, 'console errors (a hydration mismatch is one)').toEqual([]);
}

/**
 * The pages that show the desk-phone catalogue's pictures: /hardware hydrates without a console
 * error only while no phone is deleted under it (a picture of a phone deleted after the page was
 * served answers 404), so it is crawled in the serial `catalogue` project (site-map-hardware.spec),
 * the other pages beside everything else (site-map.spec).
 */
export const CATALOGUE_PAGES = ['/hardware'];

/** A part's share of the pages: the sitemap's, and the unlisted ones, `keep` of them. */
export async function pagesToCrawl(request: APIRequestContext, keep: (path: string, index: number) => boolean) {
  const pages = await sitemap(request);
  const paths = pages.map((entry) => entry.path);
  expect(paths).toEqual(expect.arrayContaining(['/', '/plans-and-pricing', ...CATALOGUE_PAGES]));
  for (const { path, lastmod } of pages) expect(lastmod, path).toMatch(/^\d{4}-\d{2}-\d{2}/);
  const listed = paths.filter(keep);
  const unlisted = UNLISTED.filter((path) => !paths.includes(path)).filter(keep);
  // A few seconds a page (two loads and axe), more on a busy machine.
  test.setTimeout(60_000 + (listed.length + unlisted.length) * 8_000);
  return { listed, unlisted };
}
