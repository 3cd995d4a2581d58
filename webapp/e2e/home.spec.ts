import { expect, test } from '@playwright/test';
import { openLive } from './helpers';

const HEADING = 'See how a cloud phone system compares';

test('the home page shows no error: the comparison is a named drawing and a table, and the call plays when seen', async ({ page, request }) => {
  // The served HTML itself (what a visitor without JavaScript, or a search engine, gets).
  const html = await (await request.get('/')).text();
  expect(html).toContain(HEADING);
  expect(html).not.toMatch(/Error loading|try again later/i);

  // A visitor who has not asked for less motion (playwright.config.ts runs the rest without it).
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openLive(page, '/');
  await expect(page.getByText(/Error loading|try again later/i)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('video')).toHaveCount(0);

  const block = page.getByRole('region', { name: HEADING });
  await block.scrollIntoViewIfNeeded();
  await expect(block).toBeVisible();
  await expect(block.getByRole('figure', { name: 'One incoming call, two phone systems.' })).toBeVisible();
  await expect(block.getByRole('img', { name: /^A call to a phone line and a PBX box rings the one desk phone/ })).toBeVisible();
  await expect(block.getByRole('img', { name: /^A call to a cloud phone system rings a desk phone, a laptop and a mobile/ })).toBeVisible();
  const table = block.getByRole('table', { name: 'A phone line and a PBX compared with a cloud phone system' });
  await expect(table.getByRole('row', { name: /A power cut or fault Every call stops Calls move on to mobiles/ })).toBeVisible();

  // Seen, the call plays (an animation is running on its path); it can be played again.
  const frame = block.locator('.cc-frame');
  await expect(frame).toHaveAttribute('data-playing', 'true');
  const running = () => block.locator('.cc-call-in').evaluate((path) => getComputedStyle(path).animationName);
  expect(await running()).toBe('cc-run');
  await block.getByRole('button', { name: 'Play the call again' }).click();
  await expect(frame).toHaveAttribute('data-playing', 'true');

  // Nothing in the block moves the layout once loaded (no shift as the page goes live).
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(shift).toBeLessThan(0.01);
});

test('under reduced motion the drawing stands still and offers no play button', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openLive(page, '/');
  const block = page.getByRole('region', { name: HEADING });
  await block.scrollIntoViewIfNeeded();
  await expect(block.getByRole('img', { name: /^A call to a cloud phone system/ })).toBeVisible();
  await expect(block.locator('.cc-frame')).toHaveAttribute('data-playing', 'false');
  expect(await block.locator('.cc-call-in').evaluate((path) => getComputedStyle(path).animationName)).toBe('none');
  await expect(block.getByRole('button', { name: 'Play the call again' })).toBeHidden();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('without JavaScript the comparison is all there, with no error', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const block = page.getByRole('region', { name: HEADING });
  await expect(block.getByRole('img', { name: /^A call to a phone line and a PBX box/ })).toBeVisible();
  await expect(block.getByRole('table')).toBeVisible();
  await expect(page.getByText(/Error loading/i)).toHaveCount(0);
  await context.close();
});

for (const [path, name, quote, product] of [
  ['/', 'request a quote', '/quote', null],
  ['/business-broadband-page', 'Request a quote', '/quote?product=broadband', 'Business broadband'],
  ['/answering-services', 'Request a quote', '/quote?product=largeTeam', 'Phone system for more than 20 users'],
] as const) {
  test(`${path} links the quote form`, async ({ page }) => {
    await openLive(page, path);
    const link = page.getByRole('main').getByRole('link', { name, exact: true }).first();
    await expect(link).toHaveAttribute('href', quote);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a quote');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(quote);
    const form = page.getByRole('form', { name: 'Request a quote' });
    if (product) await expect(form.getByRole('radio', { name: product })).toBeChecked();
    else await expect(form.getByRole('radio', { checked: true })).toHaveCount(0);
  });
}
