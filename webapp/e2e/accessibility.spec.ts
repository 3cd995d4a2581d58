import { expect, test } from '@playwright/test';

// Every public page's axe scan is part of the one crawl of the site map (site-map.spec.ts).

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
