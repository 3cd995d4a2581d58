import { expect, test, type Page } from '@playwright/test';
import moved from '../src/config/moved-paths.json' with { type: 'json' };

/**
 * Every link on the home page, in the header and in the footer reaches a real page: loaded on
 * its own, it ends on the path it asked for (or, for a moved path, on the page the moved-paths
 * table names), with one h1, and a link to a section finds that section.
 */
const redirects: Record<string, string> = {
  ...moved,
  // The account asks a signed-out visitor (this test's browser) to sign in.
  '/account': '/account/sign-in',
};

async function internalLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  // Pages only: not the API, not files such as /sitemap.xml.
  const pages = hrefs.filter((href) => href && !href.startsWith('//') && !href.startsWith('/api/') && !/\.[a-z]+$/i.test(href.split(/[?#]/)[0]));
  return [...new Set(pages)].sort();
}

test('every link on the home page, header and footer lands on the page it asks for', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The header's menus hold their links in the page (hidden until opened): all are collected.
  const links = await internalLinks(page);
  expect(links.length).toBeGreaterThan(20);
  const problems: string[] = [];
  for (const href of links) {
    const asked = new URL(href, 'http://site');
    const target = redirects[asked.pathname];
    const expected = new URL(target ?? href, 'http://site');
    // A fresh load each time (a link to a section of the page already open would not load it).
    await page.goto('about:blank');
    const answer = await page.goto(href);
    if (!answer || answer.status() >= 400) {
      problems.push(`${href}: HTTP ${answer?.status()}`);
      continue;
    }
    await page.waitForLoadState('networkidle');
    const landed = new URL(page.url());
    if (landed.pathname !== expected.pathname) {
      problems.push(`${href}: ended on ${landed.pathname}, expected ${expected.pathname}`);
      continue;
    }
    if ((await page.locator('h1').count()) !== 1) problems.push(`${href}: ${await page.locator('h1').count()} h1 elements`);
    const fragment = expected.hash.slice(1);
    // A section with that id, or (on /hardware) the brand tab the fragment selects.
    const section = page.locator(`[id="${fragment}"], [role="tab"][id$="-${fragment}"][aria-selected="true"]`);
    if (fragment && (await section.count()) === 0) problems.push(`${href}: no #${fragment} on the page`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
