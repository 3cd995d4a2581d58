import { expect, test, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { freshStart, openLive } from './helpers';
import { signIn, SUPPORT_EMAIL, SUPPORT_PASSWORD } from './staff';

// The free trial against the real server and the local Stripe stand-in (localstripe), whose
// Stripe.js renders the card element as plain inputs named by their placeholders. The pool is
// 01632 960000-960049 and a number taken by a trial leaves /free-numbers: each test takes one
// still on offer, at random, and signs up with its own e-mail address.

const PASSWORD = 'correct-horse-9';
const SETUP_URL = /\/free-trial-account-setup$/;
const THANK_YOU_URL = /\/free-trial-thank-you$/;

function newEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

const trialForm = (page: Page) => page.getByRole('form', { name: 'Free trial account' });
const numberPanel = (page: Page) => page.getByRole('complementary', { name: 'Your free trial' });
const startButton = (page: Page) => page.getByRole('button', { name: /^(Start Free Trial|Creating Account\.\.\.)$/ });

/** On /free-numbers, chooses one of the numbers still on offer and proceeds; returns it as shown. */
async function chooseFreeNumber(page: Page): Promise<string> {
  await freshStart(page, '/free-numbers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your free number');
  const radios = page.getByRole('radio');
  await expect(radios.first()).toBeVisible();
  const count = await radios.count();
  const radio = radios.nth(Math.floor(Math.random() * count));
  const shown = (await radio.getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent())) ?? '';
  expect(shown).toMatch(/^01632 9600\d\d$/);
  await radio.check();
  await page.getByRole('button', { name: `Proceed with ${shown}` }).click();
  await expect(page).toHaveURL(SETUP_URL);
  await expect(numberPanel(page)).toContainText(shown);
  return shown;
}

/** Fills the sign-up; the address through the postcode lookup, or typed by hand. */
async function fillTrialForm(page: Page, email: string, address: 'lookup' | 'manual' = 'lookup') {
  const form = trialForm(page);
  await form.getByLabel('Email').fill(`  ${email}  `);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await form.getByLabel('Company Name').fill('Trial Widgets Ltd ');
  await form.getByLabel('First Name').fill('Tara');
  await form.getByLabel('Last Name').fill('Tester');
  await form.getByLabel('Phone Number').fill('020 7946 0000');
  if (address === 'lookup') {
    await form.getByLabel('Postcode').fill('SW1A 1AA');
    await page.getByRole('list', { name: 'Address suggestions' }).getByRole('button', { name: '1 Palace Walk, London, SW1A 1AA' }).click();
    await expect(form.getByLabel('Address Line 1')).toHaveValue('1 Palace Walk');
  } else {
    await form.getByLabel('Postcode').fill('ID1 1QD');
    await form.getByRole('button', { name: 'Enter address manually' }).click();
    await form.getByLabel('Address Line 1').fill('2 Example Road');
    await form.getByLabel('City').fill('Testtown');
  }
}

async function expectWelcome(page: Page, number: string) {
  await expect(page).toHaveURL(THANK_YOU_URL, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Talkbridge!');
  await expect(page.getByText('Your 7-day free trial has started successfully.')).toBeVisible();
  const trial = page.getByRole('region', { name: 'Your Trial' });
  await expect(trial).toContainText(number);
  await expect(trial.locator('dd').first()).toHaveText(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/);
}

test('a free number, a sign-up without a card, and the thank-you page with extension 101 and its password', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = newEmail('tara');
  const number = await chooseFreeNumber(page);
  await expect(numberPanel(page).getByRole('region', { name: 'Your free trial includes' })).toContainText('No card required');
  await fillTrialForm(page, email);
  await startButton(page).click();

  await expectWelcome(page, number);
  // No mail relay in the tests: the welcome goes to the local mailbox within the outbox
  // job's ten seconds, and the page, asking again meanwhile ("we are e-mailing you"), says so.
  // (The extension's registration state is a status too.)
  await expect(page.getByRole('status').filter({ hasText: 'confirmation email' })).toContainText(`Your confirmation email to ${email} is in this shop's local mailbox`, {
    timeout: 20_000,
  });
  await expect(page.getByRole('region', { name: 'Payment Method Saved' })).toHaveCount(0);
  const account = page.getByRole('region', { name: 'Account Information' });
  await expect(account).toContainText(email);
  await expect(account).toContainText('Trial Widgets Ltd');
  await expect(account).toContainText('Tara Tester');
  await expect(page.getByRole('region', { name: 'Phone Setup Information' })).toContainText('SIP Server Address');

  const ext101 = page.getByRole('listitem', { name: 'Extension 101' });
  await expect(ext101).toContainText(/Username\s*tara/);
  const secret = ext101.locator('code');
  await expect(secret).toHaveText(/^.{3}••••••••$/);
  await ext101.getByRole('button', { name: 'Reveal SIP password for extension 101' }).click();
  await expect(secret).not.toHaveText(/•/);
  const sipPassword = (await secret.textContent()) ?? '';
  expect(sipPassword.length).toBeGreaterThanOrEqual(8);
  await ext101.getByRole('button', { name: 'Copy SIP password for extension 101' }).click();
  await expect(ext101.getByRole('alert')).toHaveText('Password copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sipPassword);
  expect(await page.evaluate(() => window.localStorage.getItem('selectedFreeNumber'))).toBeNull();

  // A reload keeps the page but not the SIP password (it was taken out of the history entry).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Talkbridge!');
  await expect(page.getByRole('listitem', { name: 'Extension 101' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Extension Details' })).toContainText('shown once');
  await expect(page.getByRole('region', { name: 'Extension Details' })).not.toContainText(sipPassword);

  // The number has left the pool.
  await page.goto('/free-numbers');
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: number })).toHaveCount(0);
});

test('a sign-up with a card saves it: Payment Method Saved', async ({ page }) => {
  const number = await chooseFreeNumber(page);
  await fillTrialForm(page, newEmail('carla'), 'manual');
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByPlaceholder('number', { exact: true }).fill('4242424242424242');
  await card.getByPlaceholder('exp_month').fill('12');
  await card.getByPlaceholder('exp_year').fill('30');
  await card.getByPlaceholder('cvc').fill('123');
  await card.getByPlaceholder('postal_code').fill('ID11QD');
  await startButton(page).click();

  await expectWelcome(page, number);
  await expect(page.getByRole('region', { name: 'Payment Method Saved' })).toBeVisible();
  // The server has the card too.
  const trialId = await page.evaluate(() => window.sessionStorage.getItem('freeTrialId'));
  const view = await (await page.request.get(`/api/trials/${trialId}`)).json();
  expect(view).toMatchObject({ status: 'active', paymentMethodSaved: true, displayNumber: number, extension: { number: '101' } });
});

test('a reload of the sign-up keeps the chosen number; Back returns to the picker', async ({ page }) => {
  const number = await chooseFreeNumber(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start your free trial');
  await expect(numberPanel(page)).toContainText(number);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/free-trial-numbers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your free number');
});

test('the form’s messages, without a call to the server', async ({ page }) => {
  await chooseFreeNumber(page);
  const created: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/create-free-trial-account/')) created.push(request.url());
  });
  const form = trialForm(page);
  await form.getByRole('button', { name: 'Enter address manually' }).click();
  await startButton(page).click();
  await expect(page.getByText('Please correct the errors below and try again.')).toBeVisible();
  for (const message of [
    'Email is required',
    'Password is required',
    'Company name is required',
    'First name is required',
    'Last name is required',
    'Phone number is required',
    'Postcode is required',
    'Address line 1 is required',
    'City is required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  await form.getByLabel('Email').fill('tara@example');
  await expect(form.getByText('Email is required')).toHaveCount(0);
  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByLabel('Confirm Password').fill('other');
  await form.getByLabel('Phone Number').fill('12345');
  await form.getByLabel('Postcode').fill('12345');
  await startButton(page).click();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(form.getByText('Password must be at least 12 characters')).toBeVisible();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(form.getByText('Please enter a valid UK postcode (e.g., SW1A 1AA)')).toBeVisible();
  expect(created).toEqual([]);
});

const CONFIRM_SUBJECT = 'Confirm your email address to keep your free trial';
const EMAIL_USED =
  'A free trial has already been used with this email address. To carry on, choose a plan on our Plans and Pricing page, or contact support.';

/** The confirmation link e-mailed to `email`, read from the shop's local mailbox as staff read it (/admin/mail): its path and query. */
async function confirmationLink(browser: Browser, email: string): Promise<string> {
  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/admin/mail');
  await signIn(staff, SUPPORT_EMAIL, SUPPORT_PASSWORD);
  await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
  // Queued with the start (no relay in the tests: it stays in the local mailbox).
  const row = staff.getByRole('row').filter({ hasText: email }).filter({ hasText: CONFIRM_SUBJECT });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: CONFIRM_SUBJECT }).click();
  const reader = staff.getByRole('region', { name: CONFIRM_SUBJECT });
  await expect(reader).toContainText('Until you confirm it, your trial cannot make outgoing calls. If the link is not followed within 24 hours');
  await expect(reader).toContainText('the trial ends and your number');
  const body = (await reader.locator('pre').textContent()) ?? '';
  const link = body.match(/https?:\/\/\S+\/trial\/verify\?token=[0-9a-f]{64}/)?.[0];
  expect(link, body).toBeTruthy();
  await staff.context().close();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test('the confirmation e-mail’s link, read from the local mailbox, confirms the address; then no second trial for it', async ({ page, browser }) => {
  const email = newEmail('confirm');
  const number = await chooseFreeNumber(page);
  await expect(trialForm(page)).toContainText('We will email you a link to confirm your address: open it within 24 hours to make calls and keep your number.');
  await fillTrialForm(page, email, 'manual');
  await startButton(page).click();
  await expectWelcome(page, number);
  const confirm = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(confirm.locator('p')).toHaveText(new RegExp(`^We have emailed a link to ${email.replace(/[.]/g, '\\.')}\\. Open it by [A-Z][a-z]+day \\d{1,2} [A-Z][a-z]+ \\d{4} at \\d{2}:\\d{2}: until then your trial cannot make outgoing calls`));
  const trialId = await page.evaluate(() => window.sessionStorage.getItem('freeTrialId'));
  expect((await (await page.request.get(`/api/trials/${trialId}`)).json()).emailVerified).toBe(false);

  // The buyer follows the link from the e-mail.
  const link = await confirmationLink(browser, email);
  await openLive(page, link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your email address');
  await expect(page.getByRole('status')).toHaveText(
    new RegExp(`^Your email address is confirmed\\. Your free trial can now make outgoing calls, and ${number} is yours until [A-Z][a-z]+day \\d{1,2} [A-Z][a-z]+ \\d{4} at \\d{2}:\\d{2}\\.$`),
  );
  expect(await (await page.request.get(`/api/trials/${trialId}`)).json()).toMatchObject({ status: 'active', emailVerified: true });
  // Opened again: nothing more to do.
  await page.reload();
  await expect(page.getByRole('status')).toHaveText('This link has already been used: your email address is confirmed. There is nothing more to do.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The trial's page says so too.
  await openLive(page, '/free-trial-thank-you');
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toHaveText(/Your email address is confirmed\.$/);

  // A second trial for the confirmed address is refused, with what to do instead.
  await chooseFreeNumber(page);
  await fillTrialForm(page, email.toUpperCase(), 'manual');
  await startButton(page).click();
  await expect(page.getByRole('alert').first()).toHaveText(EMAIL_USED);
  await expect(startButton(page)).toHaveText('Start Free Trial');
  await expect(startButton(page)).toBeEnabled();
  await expect(page).toHaveURL(SETUP_URL);
});

test('a confirmation link that is wrong or cut short says so and what to do next', async ({ page }) => {
  const confirmations: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/trial-email-verifications')) confirmations.push(response.status());
  });
  await openLive(page, `/trial/verify?token=${'0'.repeat(64)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your email address');
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is not valid. Open the link from the email we sent you again, making sure you have all of it; if it still fails, contact support.',
  );
  expect(confirmations).toEqual([404]);
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  await page.getByRole('link', { name: 'Start a new free trial' }).click();
  await expect(page).toHaveURL(/\/free-trial-numbers$/);

  await openLive(page, '/trial/verify');
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is incomplete. Open the link from the email we sent you again, making sure you have all of it.',
  );
  expect(confirmations).toEqual([404]);
});

/** Runs one of the server's jobs as an operator would (`voip-shop run-job NAME`) on the browser tests' database, with the jobs' clock moved `days` on. */
function runJobDaysLater(job: string, days: number) {
  const bin = process.env.E2E_SHOP_BIN;
  const databaseUrl = process.env.E2E_DATABASE_URL;
  // Set by .ci/test and .ci/e2e-server: without them this journey cannot move the clock.
  expect(bin && databaseUrl, 'E2E_SHOP_BIN and E2E_DATABASE_URL name the server binary and its database').toBeTruthy();
  execFileSync(bin!, ['run-job', job], {
    env: { ...process.env, DATABASE_URL: databaseUrl!, APP_ENV: 'development', CLOCK_OFFSET_DAYS: String(days), RUST_LOG: 'warn' },
    stdio: 'pipe',
    timeout: 60_000,
  });
}

test('an unconfirmed trial ends a day after its start and its number is back on offer (the jobs’ clock moved a day on)', async ({ page }) => {
  const email = newEmail('unconfirmed');
  const number = await chooseFreeNumber(page);
  await fillTrialForm(page, email, 'manual');
  await startButton(page).click();
  await expectWelcome(page, number);
  const trialId = await page.evaluate(() => window.sessionStorage.getItem('freeTrialId'));
  const trial = async () => (await page.request.get(`/api/trials/${trialId}`)).json();
  expect(await trial()).toMatchObject({ status: 'active', emailVerified: false });
  const onOffer = async () =>
    ((await (await page.request.get('/api/free-did-numbers')).json()).numbers as { displayValue: string }[]).some((n) => n.displayValue === number);
  expect(await onOffer()).toBe(false);

  // The link is never followed; a day later the trials job releases the number.
  runJobDaysLater('end-trials', 1);
  await expect.poll(async () => (await trial()).status, { timeout: 15_000 }).toBe('ended');
  await expect.poll(onOffer, { timeout: 15_000 }).toBe(true);
  // And the picker offers it again to the next visitor.
  await expect(async () => {
    await freshStart(page, '/free-numbers');
    await expect(page.getByRole('radio', { name: number })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
});
