import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * axe-core (WCAG 2.x A and AA, and its best practices such as heading order) finds nothing on
 * any public page: every route the sitemap lists, plus the buyer's pages it leaves out.
 */
const UNLISTED = ['/checkout', '/hardware-checkout', '/free-trial-account-setup'];

async function sitemapPaths(page: Page): Promise<string[]> {
  const answer = await page.request.get('/sitemap.xml');
  expect(answer.ok()).toBe(true);
  const xml = await answer.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

async function violations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')} — ${v.help}`);
}

// The pages are shared out between a few tests so that both workers scan at once (each part
// has the time the whole scan once had alone).
test.describe.configure({ mode: 'parallel' });
const PARTS = 4;

for (let part = 0; part < PARTS; part += 1) {
  test(`no accessibility violations on any public page (part ${part + 1} of ${PARTS})`, async ({ page }) => {
    test.setTimeout(240_000);
    const all = [...new Set([...(await sitemapPaths(page)), ...UNLISTED])];
    expect(all.length).toBeGreaterThan(PARTS);
    const paths = all.filter((_, index) => index % PARTS === part);
    const found: string[] = [];
    for (const path of paths) found.push(...(await violations(page, path)));
    expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
  });
}

test('the keyboard reaches the skip link first, then the header\'s top bar, each with a visible focus ring', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const expected of [/Skip to content/, /Blog/]) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAccessibleName(expected);
    const ring = await focused.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  }
});
