import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeFindings, freshStart } from './helpers';
import { buySingleUserByCard, typeCard, type Account } from './service-checkout';

// The customer's services on their account, from a real order: an extension's SIP password
// reset (checked with sipp against the real registrar: SIP_REGISTRAR, as e2e/sip.spec.ts), and
// a desk-phone order's VAT receipt, with the error states of each.

const registrar = process.env.SIP_REGISTRAR ?? '127.0.0.1:5060';
const scenario = (name: string) => fileURLToPath(new URL(`../../sip/tests/${name}`, import.meta.url));

/** sipp as a softphone registering with `password`: true when the scenario passed (register.xml: 200 OK; register-refused.xml: 403). */
async function sipp(name: 'register.xml' | 'register-refused.xml', username: string, password: string): Promise<boolean> {
  const args = [registrar, '-sf', scenario(name), '-m', '1', '-s', username, '-au', username, '-ap', password];
  const run = promisify(execFile);
  try {
    await run('sipp', [...args, '-key', 'domain', 'sip.talkbridge.localhost', '-i', '127.0.0.1', '-nostdin', '-timeout', '10s', '-timeout_error'], { cwd: '/tmp' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Signs in with the checkout's password (POST /api/account/sign-in from the page's own browser
 * context, which keeps the session cookie), then opens `next`. The sign-in page itself is
 * account.spec's journey.
 */
async function signIn(page: Page, account: Account, next: string) {
  const response = await page.request.post('/api/account/sign-in', { data: { email: account.email, password: account.password } });
  expect(response.status(), 'signed in with the checkout password').toBe(200);
  await page.goto(next);
}

test('signed in, the buyer resets an extension’s SIP password: the registrar refuses the old one and accepts the new', async ({ page }) => {
  // Buys by card through the real checkout and registers with sipp: more than the 30 s default.
  test.setTimeout(120_000);
  const order = await buySingleUserByCard(page, 'Reset');
  // The password the thank-you page showed once.
  const ext101 = page.getByRole('listitem', { name: 'Extension 101' });
  const valueOf = (term: string) => ext101.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  const username = (await valueOf('Username').textContent()) ?? '';
  await ext101.getByRole('button', { name: 'Reveal SIP password for extension 101' }).click();
  const oldPassword = (await ext101.locator('code').textContent()) ?? '';
  expect(await sipp('register.xml', username, oldPassword), 'the first password registers').toBe(true);

  await signIn(page, order.account, `/account/orders/${order.orderId}`);
  const row = page.getByRole('listitem').filter({ hasText: 'Extension 101' });
  await expect(row).not.toContainText('Not registered yet');
  const reset = page.getByRole('button', { name: 'Reset SIP password of extension 101' });
  await reset.click();
  // A confirm step first; Cancel changes nothing.
  await expect(page.getByText('A new password replaces the current one at once', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await reset.click();
  await page.getByRole('button', { name: 'Yes, reset the password' }).click();

  const shown = page.getByLabel('New SIP password for extension 101');
  await expect(shown).toBeVisible();
  const newPassword = (await shown.textContent()) ?? '';
  expect(newPassword.length).toBeGreaterThanOrEqual(16);
  expect(newPassword).not.toBe(oldPassword);
  await expect(page.getByText('Enter it in your phone now: it will not be shown again.')).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy the new SIP password of extension 101' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password copied!' })).toBeVisible();

  expect(await sipp('register-refused.xml', username, oldPassword), 'the old password is refused at once').toBe(true);

  // Shown once: after "done", and after a reload, it is nowhere on the page.
  await page.getByRole('button', { name: 'I have entered it in my phone' }).click();
  await expect(page.getByText(newPassword)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Reset SIP password of extension 101' })).toBeVisible();
  await expect(page.getByText(newPassword)).toHaveCount(0);

  expect(await sipp('register.xml', username, newPassword), 'the new one registers').toBe(true);
  await page.reload();
  await expect(row).not.toContainText('Not registered yet');

  // The session ends meanwhile (signed out elsewhere): the reset changes nothing, and the page
  // sends the customer to sign in, to come back to the order.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Reset SIP password of extension 101' }).click();
  await page.getByRole('button', { name: 'Yes, reset the password' }).click();
  await expect(page).toHaveURL(`/account/sign-in?next=${encodeURIComponent(`/account/orders/${order.orderId}`)}`);
  expect(await sipp('register.xml', username, newPassword), 'the password is unchanged').toBe(true);
});

/** An item as GET /api/hardware/ lists it. */
interface Item {
  id: string;
  brand: string;
  name: string;
  pricePence: number;
  inStock: boolean;
}

async function inStockPhone(request: APIRequestContext): Promise<Item> {
  const { items } = (await (await request.get('/api/hardware/')).json()) as { items: Item[] };
  const phone = items.find((item) => item.inStock && item.pricePence > 0);
  expect(phone, 'the seeded catalogue has an in-stock phone with a price').toBeDefined();
  return phone!;
}

const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const vatOf = (pence: number) => Math.floor((pence * 20 + 50) / 100);

/** One `phone` bought through the hardware checkout (economy delivery, £4.00) by `email`: the order's id. */
async function buyPhone(page: Page, phone: Item, email: string): Promise<string> {
  const brand = phone.brand.charAt(0).toUpperCase() + phone.brand.slice(1);
  await freshStart(page, `/hardware#${phone.brand}`);
  const card = page.getByRole('region', { name: `${brand} Phones` }).getByRole('article', { name: phone.name, exact: true });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.getByText(`Added 1 × ${phone.name} to your cart.`)).toBeVisible();
  await page.goto('/hardware-checkout');
  await page.getByRole('button', { name: 'Continue to Shipping Options' }).click();
  await page.getByRole('radio', { name: 'Economy 3 Day - DPD' }).check();
  await page.getByRole('button', { name: 'Continue to Shipping Address' }).click();
  const form = page.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('First Name').fill('Receipt');
  await form.getByLabel('Last Name').fill('Tester');
  await form.getByLabel('Phone Number').fill('020 7946 0000');
  await form.getByLabel('Postal Code').fill('ID1 1QD');
  await form.getByRole('list', { name: 'Address suggestions' }).getByRole('button').filter({ hasText: '1 Example Road, Testtown, ID1 1QD' }).click();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await typeCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/hardware-thank-you$/, { timeout: 15_000 });
  const kept = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('hardwareOrder') ?? 'null') as { orderId: string } | null);
  expect(kept?.orderId).toMatch(/^[0-9a-f-]{36}$/);
  return kept!.orderId;
}

/**
 * The account's address confirmed, as following the link of a "Forgot password" e-mail does
 * (hardware orders, bought without a password, belong to confirmed addresses only).
 */
function confirmAddress(email: string) {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  expect(databaseUrl, 'E2E_DATABASE_URL names the server’s database (.ci/e2e-server prints it)').toBeTruthy();
  execFileSync('psql', [databaseUrl!, '-q', '-c', `UPDATE customer_accounts SET verified_at = now() WHERE email = '${email.replace(/'/g, "''")}'`]);
}

test('a desk-phone order’s VAT receipt: the shop’s VAT number, net + VAT = total, and a Print button; signed out and another customer are refused', async ({ page, request, browser }) => {
  // Two card checkouts and a desk-phone checkout: more than the 30 s default.
  test.setTimeout(120_000);
  const phone = await inStockPhone(request);
  const order = await buySingleUserByCard(page, 'Receipt');
  const hardwareOrder = await buyPhone(page, phone, order.account.email);
  confirmAddress(order.account.email);
  const receiptPath = `/account/hardware-orders/${hardwareOrder}/receipt`;

  // Signed out: sent to sign in, to come back here after.
  await page.context().clearCookies();
  await page.goto(receiptPath);
  await expect(page).toHaveURL(`/account/sign-in?next=${encodeURIComponent(receiptPath)}`);
  await signIn(page, order.account, receiptPath);

  const receipt = page.getByRole('article', { name: 'VAT receipt' });
  await expect(receipt).toContainText(/VAT number: GB[ 0-9]+/);
  await expect(receipt).toContainText('Talkbridge');
  const net = phone.pricePence + 400;
  await expect(page.getByTestId('receipt-net')).toHaveText(pounds(net));
  await expect(page.getByTestId('receipt-vat')).toHaveText(pounds(vatOf(net)));
  await expect(page.getByTestId('receipt-total')).toHaveText(pounds(net + vatOf(net)));
  await expect(receipt.getByRole('row').filter({ hasText: phone.name })).toContainText(pounds(phone.pricePence));
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // No accessibility finding, on a desktop and on a phone (390 px wide).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await axeFindings(page, `${width}px`)).toEqual([]);
  }
  const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrolls, 'the receipt fits a phone without sideways scrolling').toBe(false);
  await page.setViewportSize({ width: 1280, height: 844 });
  // On paper, only the receipt.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Another customer, signed in, is told whose it is and sees no figure.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const stranger = await buySingleUserByCard(otherPage, 'Stranger');
  await signIn(otherPage, stranger.account, '/account');
  await otherPage.goto(receiptPath);
  await expect(otherPage.getByRole('alert')).toContainText('This order belongs to another account');
  await expect(otherPage.getByTestId('receipt-total')).toHaveCount(0);
  await other.close();
});
