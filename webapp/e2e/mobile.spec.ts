import { expect, test } from '@playwright/test';
import { freshStart } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

test('the mobile menu opens, shows the links, navigates and closes', async ({ page }) => {
  await freshStart(page, '/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();

  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'UK Numbers' })).toBeVisible();
  // Login opens the customer's own account, in this tab.
  await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/account');
  await expect(menu.getByRole('link', { name: 'Login' })).not.toHaveAttribute('target', /.+/);

  await menu.getByRole('link', { name: 'Plans and Pricing' }).click();
  await expect(page).toHaveURL(/\/plans-and-pricing$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});
