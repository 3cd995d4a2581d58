import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeFindings, freshStart, planCard } from './helpers';
import {
  CARDS,
  checkoutFromCartDropdown,
  completeOrder,
  continueToPayment,
  expectThankYou,
  fillAccount,
  fillCard,
  newAccount,
  type Account,
} from './service-checkout';
import { signIn as staffSignIn, SUPPORT_EMAIL, SUPPORT_PASSWORD } from './staff';

// The customer's own account (issue 34), from a real order bought through the checkout: signing
// in with the checkout password, the order and its extensions, signing out, "Forgot password"
// through the link e-mailed to the local mailbox, the wrong-password error, and the pages on a
// phone (390 px) with axe finding nothing.

const RESET_SUBJECT = 'Set a new password for your Talkbridge account';

/** Buys Single User for two users (monthly) by card as a new buyer, up to the thank-you page. */
async function buyTwoUsers(page: Page, firstName: string): Promise<{ account: Account; orderNumber: string; orderId: string }> {
  const account = newAccount(firstName);
  await freshStart(page, '/plans-and-pricing');
  const single = planCard(page, 'Single User');
  await single.getByRole('button', { name: 'Increase users' }).click();
  await expect(single.getByRole('spinbutton', { name: 'Users' })).toHaveValue('2');
  await single.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await checkoutFromCartDropdown(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, account);
  await continueToPayment(page);
  await fillCard(page, CARDS.ok);
  await completeOrder(page).click();
  await expectThankYou(page);
  const orderNumber = (await page.getByText(/^SB-\d{6}$/).textContent()) ?? '';
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  return { account, orderNumber, orderId };
}

/** A browser of its own (no cookie of the buyer's checkout). */
async function newBrowserPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function signInForm(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** The "Forgot password" link e-mailed to `email`, read from the local mailbox as staff read it: its path and query. */
async function resetLink(browser: Browser, email: string): Promise<string> {
  const staff = await newBrowserPage(browser);
  await staff.goto('/admin/mail');
  await staffSignIn(staff, SUPPORT_EMAIL, SUPPORT_PASSWORD);
  await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: email }).filter({ hasText: RESET_SUBJECT });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await row.getByRole('button', { name: RESET_SUBJECT }).click();
  const reader = staff.getByRole('region', { name: RESET_SUBJECT });
  await expect(reader).toContainText('The link works once, for one hour.');
  const body = (await reader.locator('pre').textContent()) ?? '';
  const link = body.match(/https?:\/\/\S+\/account\/reset-password\?token=[0-9a-f]{64}/)?.[0];
  expect(link, body).toBeTruthy();
  await staff.context().close();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test('a buyer signs in with the checkout password, sees the order and its two extensions, and signs out', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { account, orderNumber, orderId } = await buyTwoUsers(page, 'Avery');

  // The buyer's own browser is signed in by the checkout: the thank-you page's button opens the account.
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(page.getByRole('link', { name: new RegExp(orderNumber) })).toBeVisible();

  // Another browser: the header's Login leads to /account, which asks to sign in.
  const other = await newBrowserPage(browser);
  await other.goto('/');
  await other.getByRole('banner').getByRole('link', { name: 'Login' }).first().click();
  await expect(other).toHaveURL(/\/account\/sign-in\?next=%2Faccount$/);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');

  // A wrong password: the error says so, and nothing opens.
  await signInForm(other, account.email, 'not-the-password');
  await expect(other.getByRole('alert')).toHaveText('The e-mail or password is not right.');
  await expect(other).toHaveURL(/\/account\/sign-in/);
  await expect(other.getByRole('form', { name: 'Sign in' }).getByLabel('Password')).toHaveValue('');

  await signInForm(other, account.email, account.password);
  await expect(other).toHaveURL(/\/account$/);
  await expect(other.getByText(`Signed in as ${account.email}`)).toBeVisible();
  const service = other.getByRole('region', { name: 'Phone service' });
  const row = service.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row).toContainText('Completed');
  await row.getByRole('link', { name: new RegExp(orderNumber) }).click();

  await expect(other).toHaveURL(new RegExp(`/account/orders/${orderId}$`));
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  const extensions = other.getByRole('region', { name: 'Extensions' }).getByRole('listitem');
  await expect(extensions).toHaveCount(2);
  await expect(extensions.nth(0)).toContainText('Extension 101');
  await expect(extensions.nth(1)).toContainText('Extension 102');
  for (const extension of await extensions.all()) await expect(extension).toContainText('Not registered yet');

  // Sign out: the account pages ask to sign in again.
  await other.getByRole('link', { name: '← All your orders' }).click();
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other).toHaveURL(/\/account\/sign-in/);
  await other.goto('/account');
  await expect(other).toHaveURL(/\/account\/sign-in\?next=%2Faccount$/);
  expect((await other.request.get('/api/account/me')).status()).toBe(401);
  await other.context().close();
});

test('"Forgot password": the e-mailed link sets a new password, confirms the address and signs in; used again it says to ask for a new one', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { account } = await buyTwoUsers(page, 'Robin');
  const other = await newBrowserPage(browser);
  await other.goto('/account/sign-in');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Forgot password');
  const forgot = other.getByRole('form', { name: 'Forgot password' });
  await forgot.getByLabel('Email').fill(account.email);
  await forgot.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(other.getByRole('status')).toHaveText(/^If an account uses this e-mail address, we have sent it a link/);

  const link = await resetLink(browser, account.email);
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Set a new password');
  await other.getByLabel('New password', { exact: true }).fill('brand-new-Passw0rd');
  await other.getByLabel('New password again').fill('brand-new-Passw0rd');
  await other.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(other).toHaveURL(/\/account$/);
  await expect(other.getByText(`Signed in as ${account.email}`)).toBeVisible();
  await expect(other.getByText(/is not confirmed yet/)).toHaveCount(0);

  // The link works once.
  await other.goto(link);
  await other.getByLabel('New password', { exact: true }).fill('another-Passw0rd');
  await other.getByLabel('New password again').fill('another-Passw0rd');
  await other.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(other.getByRole('alert')).toContainText('This password link has been used already. Ask for a new link');
  await expect(other.getByRole('alert').getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  // The checkout password no longer opens the account; the new one does.
  const third = await newBrowserPage(browser);
  await third.goto('/account/sign-in');
  await signInForm(third, account.email, account.password);
  await expect(third.getByRole('alert')).toHaveText('The e-mail or password is not right.');
  await signInForm(third, account.email, 'brand-new-Passw0rd');
  await expect(third).toHaveURL(/\/account$/);
  await other.context().close();
  await third.context().close();
});


async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test('the account pages fit a phone (390 px) and axe finds nothing on them', async ({ page }) => {
  test.setTimeout(120_000);
  const { orderId } = await buyTwoUsers(page, 'Phoebe');
  await page.setViewportSize({ width: 390, height: 844 });
  const found: string[] = [];
  // Signed in by the checkout: /account and the order's page.
  for (const path of ['/account', `/account/orders/${orderId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await fitsThePhone(page);
    found.push(...(await axeFindings(page)));
  }
  await page.screenshot({ path: 'test-results/account-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await page.screenshot({ path: 'test-results/account-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signed out once the app is on the sign-in page: a page opened before then would still be
  // signed in (the sign-in page would send it back to /account).
  await expect(page).toHaveURL(/\/account\/sign-in/);
  for (const path of ['/account/sign-in', '/account/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await fitsThePhone(page);
    found.push(...(await axeFindings(page)));
  }
  // The error state too.
  await page.goto('/account/sign-in');
  await signInForm(page, 'nobody@example.com', 'wrong-password');
  await expect(page.getByRole('alert')).toBeVisible();
  found.push(...(await axeFindings(page)));
  expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
});
