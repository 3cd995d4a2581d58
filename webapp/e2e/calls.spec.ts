import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { buySingleUserByCard } from './service-checkout';
import { signIn, SUPPORT_EMAIL, SUPPORT_PASSWORD } from './staff';

// An order's calls in the support console: a real order bought through the shop, its extension
// calling through the real registrar (SIP_REGISTRAR, this run's own) with sipp as the phone,
// and support reading the calls the registrar recorded, with the chart of calls by outcome.

const registrar = process.env.SIP_REGISTRAR ?? '127.0.0.1:5060';
const scenario = fileURLToPath(new URL('../../sip/tests/call.xml', import.meta.url));

/** Extension 101's username and password as the thank-you page shows them. */
async function extension101(page: Page): Promise<{ username: string; password: string; domain: string }> {
  const ext101 = page.getByRole('listitem', { name: 'Extension 101' });
  const valueOf = (term: string) => ext101.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  const username = (await valueOf('Username').textContent()) ?? '';
  await ext101.getByRole('button', { name: 'Reveal SIP password for extension 101' }).click();
  const password = (await ext101.locator('code').textContent()) ?? '';
  const domain = (await ext101.locator('.sip-domain').textContent()) ?? '';
  return { username, password, domain };
}

/** Extension `username` dials `dialled` (sipp's call.xml): the final answer it got. */
async function call(extension: { username: string; password: string; domain: string }, dialled: string): Promise<string> {
  const log = join(mkdtempSync(join(tmpdir(), 'calls-e2e-')), 'call.log');
  const { username, password, domain } = extension;
  const args = [registrar, '-sf', scenario, '-m', '1', '-s', dialled, '-key', 'caller', username, '-au', username, '-ap', password];
  const rest = ['-key', 'domain', domain, '-i', '127.0.0.1', '-nostdin', '-timeout', '10s', '-timeout_error', '-trace_logs', '-log_file', log];
  await promisify(execFile)('sipp', [...args, ...rest], { cwd: '/tmp' });
  return readFileSync(log, 'utf8').split('\n')[0].trim();
}

test('support sees an order’s calls, newest first, with a chart of calls by outcome', async ({ page }) => {
  const order = await buySingleUserByCard(page, 'Cal');
  const extension = await extension101(page);
  // Nobody answers: 101 itself is not registered (no answer), and the order has no 102 (failed).
  expect(await call(extension, '101')).toBe('480');
  expect(await call(extension, '102')).toBe('404');

  await page.goto(`/admin/orders/service/${order.orderId}`);
  await signIn(page, SUPPORT_EMAIL, SUPPORT_PASSWORD);
  const calls = page.getByRole('region', { name: 'Calls' });
  await expect(calls.getByRole('img', { name: /^Calls by outcome/ })).toHaveAccessibleName(
    'Calls by outcome: answered: 0, busy: 0, no answer: 1, refused: 0, failed: 1',
  );
  const rows = calls.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Extension to extension');
  await expect(rows.nth(1)).toContainText(extension.username);
  await expect(rows.nth(1)).toContainText('102');
  await expect(rows.nth(1)).toContainText('failed (404 Not Found)');
  await expect(rows.nth(2)).toContainText('no answer (480 Temporarily Unavailable)');

  // Another call: Refresh calls shows it.
  expect(await call(extension, '103')).toBe('404');
  await calls.getByRole('button', { name: 'Refresh calls' }).click();
  await expect(rows).toHaveCount(4);
  await expect(calls.getByRole('img', { name: /^Calls by outcome/ })).toHaveAccessibleName(
    'Calls by outcome: answered: 0, busy: 0, no answer: 1, refused: 0, failed: 2',
  );
});

test('when the calls cannot be loaded, support is told and can try again', async ({ page }) => {
  const order = await buySingleUserByCard(page, 'Cat');
  let fail = true;
  await page.route('**/api/admin/orders/service/*/calls', (route) => (fail ? route.fulfill({ status: 502, body: 'down' }) : route.fallback()));
  await page.goto(`/admin/orders/service/${order.orderId}`);
  await signIn(page, SUPPORT_EMAIL, SUPPORT_PASSWORD);
  const calls = page.getByRole('region', { name: 'Calls' });
  await expect(calls.getByRole('alert')).toHaveText(/We could not load this order’s calls\. Please try again\./);
  fail = false;
  await calls.getByRole('button', { name: 'Try again' }).click();
  await expect(calls.getByText(/^No calls yet\./)).toBeVisible();
});
