import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { buySingleUserByCard } from './service-checkout';
import { ADMIN_EMAIL, signIn } from './staff';

// Staff's fraud panel against the real server: a real service order is paid through the shop, the
// registrar's counters for it are written as the registrar writes them (psql on the server's
// database, E2E_DATABASE_URL from .ci/e2e-server), then an admin reads them and sets its daily cap.

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

function seed(orderId: string) {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  expect(databaseUrl, 'E2E_DATABASE_URL names the server’s database (.ci/e2e-server prints it)').toBeTruthy();
  const today = "(now() AT TIME ZONE 'Europe/London')::date";
  const id = orderId.replace(/'/g, "''");
  execFileSync('psql', [
    databaseUrl!,
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `INSERT INTO sip_usage (owner, day, calls, seconds, minutes, spend_tenths) VALUES ('${id}', ${today}, 7, 420, 7, 15000);
     INSERT INTO sip_refusals (owner, day, reason, count) VALUES ('${id}', ${today}, 'Premium-rate numbers are not available on your plan', 3);`,
  ]);
}

test('an admin sees an account nearing its daily cap across accounts, opens it and sets its cap; a bad cap says what to enter', async ({ page }) => {
  const order = await buySingleUserByCard(page, 'Fran');
  seed(order.orderId);

  await page.goto('/admin/fraud');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Ffraud$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/fraud$/);
  await expect(heading(page)).toHaveText('Fraud');
  await expect(page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Fraud' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('img', { name: `${order.orderNumber}: £15.00 of £20.00 (75%)` })).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(order.orderNumber) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('£15.00');
  await expect(row).toContainText('£20.00');
  await expect(row).toContainText('default');
  await expect(row).toContainText('75%');
  await expect(row).toContainText('Premium-rate numbers are not available on your plan: 3');
  await expect(row).toContainText('Allowed');

  await row.getByRole('link', { name: order.orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/fraud/service/${order.orderId}$`));
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(order.orderNumber) })).toBeVisible();
  const figures = page.getByRole('definition');
  await expect(figures.filter({ hasText: '£20.00 (default)' })).toHaveCount(1);
  // Today, the last of the 7 days: the seeded calls and spend.
  await expect(page.getByRole('img', { name: /^Calls out a day: .*: 7 calls, £15\.00$/ })).toContainText('£15.00');
  await expect(page.getByRole('row', { name: /Premium-rate numbers are not available on your plan 3 3/ })).toBeVisible();
  await expect(page.getByText('No calls out in progress.')).toBeVisible();

  // A cap beyond £1,000 is refused by the server, and the form says what to enter; text is not an amount.
  const cap = page.getByLabel('Daily cap (£)');
  await expect(cap).toHaveValue('20.00');
  await cap.fill('2000');
  await page.getByRole('button', { name: 'Set daily cap' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The daily cap must be from £0 to £1,000: enter a smaller amount, or 0 to stop every call out that costs money.',
  );
  await expect(cap).toHaveAttribute('aria-invalid', 'true');
  await cap.fill('fifty');
  await page.getByRole('button', { name: 'Set daily cap' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the daily cap in pounds, e.g. 50 or 12.50, from £0 to £1,000.');

  await cap.fill('50');
  await page.getByRole('button', { name: 'Set daily cap' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Daily cap set to £50.00.' })).toBeVisible();
  await expect(figures.filter({ hasText: '£50.00 (set by staff)' })).toHaveCount(1);
  await expect(figures.filter({ hasText: /^30%$/ })).toHaveCount(1);
  await expect(page.getByLabel('Daily cap (£)')).toHaveValue('50.00');

  // The change is an event in the order's history, naming the admin.
  await page.getByRole('link', { name: 'Open the order' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/service/${order.orderId}$`));
  await expect(page.getByText(`Daily spend cap on calls out set to £50.00 by ${ADMIN_EMAIL}.`)).toBeVisible();
});
