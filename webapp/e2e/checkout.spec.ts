import { expect, test, type Locator, type Page } from '@playwright/test';
import { cartButton, freshStart, planCard } from './helpers';
import {
  accountForm,
  CARDS,
  cardGroup,
  checkoutFromCartDropdown,
  completeOrder,
  continueToPayment,
  expectThankYou,
  fillAccount,
  fillAccountFields,
  fillCard,
  newAccount,
  singleUserAtCheckout,
  stepHeading,
  suggestions,
} from './service-checkout';

// The service checkout against the real server and the local Stripe stand-in (localstripe);
// its steps are in service-checkout.ts.

const totalsList = (page: Page) => page.locator('dl[aria-label="Totals"]');

/** The Order Summary's totals as the rows of its list: [term, figure] pairs. */
async function expectTotals(totals: Locator, rows: [string, string][]) {
  await expect(totals.locator('dt')).toHaveText(rows.map(([term]) => term));
  await expect(totals.locator('dd')).toHaveText(rows.map(([, figure]) => figure));
}

/**
 * Holds the browser's requests to `path` until the returned function is called, so a test can
 * look at the page between two steps of the payment.
 */
async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route((url) => url.pathname.replace(/\/$/, '') === path, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const progressItems = (page: Page) => page.getByRole('list', { name: 'Payment progress' }).getByRole('listitem');

const thankYouCard = (page: Page, title: RegExp) =>
  page.getByRole('list', { name: 'Your order at a glance' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

test('Single User monthly, call recording and two numbers, paid by card: the thank-you page with the SIP password', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = newAccount('Jane');

  await freshStart(page, '/plans-and-pricing');
  await planCard(page, 'Single User').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await expect(page.getByText('Single User x1 (Monthly)')).toBeVisible();
  await page.getByRole('button', { name: 'Add Call recording' }).click();
  await expect(page.getByRole('button', { name: 'Remove Call recording' })).toHaveAttribute('aria-pressed', 'true');

  // Two Bristol numbers from the page's own results (no other test searches 0117).
  await page.getByRole('link', { name: 'Continue to Phone Numbers' }).click();
  await expect(page).toHaveURL(/\/all-phone-numbers\?checkout=true$/);
  await page.getByLabel('Area code').selectOption({ label: '0117 Bristol' });
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('list', { name: 'Numbers found' }).getByRole('article');
  await expect(found.first()).toHaveAccessibleName(/^01174 96\d{4}$/);
  const picked: string[] = [];
  for (const card of [found.nth(0), found.nth(1)]) {
    picked.push((await card.getByRole('heading').textContent()) ?? '');
    await card.getByRole('button', { name: 'Select +' }).click();
    await expect(card.getByRole('button', { name: 'Selected' })).toBeVisible();
  }
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 4 items');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

  // 1 Order Summary: £4.99 + £8.00 + £2.00 (the first number is included) = £14.99, VAT £3.00.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('navigation', { name: 'Checkout progress' }).locator('[aria-current="step"]')).toContainText('Order Summary');
  await expect(stepHeading(page)).toHaveText('Order Summary');
  await expect(page.locator('.summary-row')).toHaveText('Package: Single User x1 (Monthly)£4.99 per month');
  await expect(page.getByRole('list', { name: 'Add-ons' }).getByRole('listitem')).toHaveText(['Call recording£8.00 per month']);
  await expect(page.getByRole('list', { name: 'Phone numbers' }).getByRole('listitem')).toHaveText([
    `${picked[0]}Free`,
    `${picked[1]}£2.00 per month`,
  ]);
  await expectTotals(totalsList(page), [
    ['Subtotal (per month)', '£14.99'],
    ['VAT (20%)', '£3.00'],
    ['Total per month', '£17.99'],
  ]);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();

  // 2 Account Setup.
  await fillAccount(page, account);
  await continueToPayment(page);

  // 3 Payment: the progress shows while the account is being created.
  await expect(page.getByText('Amount due today: £17.99 inc. VAT')).toBeVisible();
  await fillCard(page, CARDS.ok);
  const releaseAccount = await holdRequests(page, '/api/create-user-account');
  const intent = page.waitForResponse((response) => response.url().includes('/api/create-payment-intent'));
  const accountRequest = page.waitForRequest((request) => request.url().includes('/api/create-user-account'));
  await completeOrder(page).click();
  // The order's secret goes back with create-user-account (a server without it sends none, and none is sent).
  const { orderSecret } = (await (await intent).json()) as { orderSecret?: string };
  expect((await accountRequest).postDataJSON().orderSecret).toBe(orderSecret);
  await expect(progressItems(page)).toHaveText([
    /Payment confirmed \(done\)$/,
    /Account created \(pending\)$/,
    /Extensions set up \(pending\)$/,
    /Subscription finalised \(pending\)$/,
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'Processing your payment…' })).toBeVisible();
  await expect(completeOrder(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  releaseAccount();

  // The thank-you page. The order's secret was never in the URL nor in localStorage; this tab keeps
  // the completed order's own secret alone (its thank-you page proves with it that this is the
  // browser that placed the order), every other one is forgotten.
  await expectThankYou(page);
  const { local, session } = await page.evaluate(() => ({ local: JSON.stringify({ ...window.localStorage }), session: { ...window.sessionStorage } }));
  expect(local).not.toContain('orderSecret:');
  const secretKeys = Object.keys(session).filter((key) => key.startsWith('orderSecret:'));
  const orderId = new URL(page.url()).searchParams.get('order');
  expect(secretKeys).toEqual([`orderSecret:${orderId}`]);
  if (orderSecret) {
    expect(local).not.toContain(orderSecret);
    expect(session[`orderSecret:${orderId}`]).toBe(orderSecret);
    expect(page.url()).not.toContain(orderSecret);
  }
  await expect(thankYouCard(page, /^Package$/)).toContainText('Single User');
  await expect(thankYouCard(page, /^Add-ons \(1\)$/)).toContainText('Call recording');
  await expect(thankYouCard(page, /^Phone numbers \(2\)$/).getByRole('listitem')).toHaveText(picked);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('£17.99');
  await expect(summary).toContainText('Total per month');

  const accountInfo = page.getByRole('region', { name: 'Account Information' });
  await expect(accountInfo).toContainText(account.email);
  await expect(accountInfo).toContainText(`${account.password.slice(0, 3)}••••••••`);
  await expect(accountInfo).not.toContainText(account.password);

  const extensions = page.getByRole('region', { name: 'Extension Details' }).getByRole('listitem');
  await expect(extensions).toHaveCount(1);
  const ext101 = page.getByRole('listitem', { name: 'Extension 101' });
  const secret = ext101.locator('code');
  await expect(secret).toHaveText(/^.{3}••••••••$/);
  const reveal = ext101.getByRole('button', { name: 'Reveal SIP password for extension 101' });
  await reveal.click();
  const hide = ext101.getByRole('button', { name: 'Hide SIP password for extension 101' });
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await expect(secret).not.toHaveText(/•/);
  const sipPassword = (await secret.textContent()) ?? '';
  expect(sipPassword.length).toBeGreaterThanOrEqual(8);
  await ext101.getByRole('button', { name: 'Copy SIP password for extension 101' }).click();
  await expect(ext101.getByText('Password copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sipPassword);
  await hide.click();
  await expect(secret).toHaveText(`${sipPassword.slice(0, 3)}••••••••`);

  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

test('Multi User yearly for 8 users: two blocks of £143.04, eight extensions 101-108', async ({ page }) => {
  await freshStart(page, '/plans-and-pricing');
  await page.getByRole('button', { name: 'Yearly', exact: true }).click();
  const multi = planCard(page, 'Multi User');
  await expect(multi.locator('.plan-price')).toHaveText(/^£143\.04\/year/);
  await multi.getByRole('button', { name: 'Increase users' }).click();
  await expect(multi.getByRole('spinbutton', { name: 'Users' })).toHaveValue('8');
  await expect(multi.getByText(/^Total:/)).toHaveText('Total: £286.08 per year + VAT');
  await multi.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await expect(page.getByText('Multi User x8 (Yearly)')).toBeVisible();

  await checkoutFromCartDropdown(page);
  const packageRow = page.locator('.summary-row');
  await expect(packageRow.locator('dt')).toHaveText(/^Package: Multi User x8 \(Yearly\)/);
  await expect(packageRow.locator('dd')).toHaveText('£286.08 per year');
  await expect(page.getByText('No add-ons selected.')).toBeVisible();
  await expectTotals(totalsList(page), [
    ['Subtotal (per year)', '£286.08'],
    ['VAT (20%)', '£57.22'],
    ['Total per year', '£343.30'],
  ]);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, newAccount('Max'));
  await continueToPayment(page);
  await expect(page.getByText('Amount due today: £343.30 inc. VAT')).toBeVisible();
  await fillCard(page, CARDS.ok);
  await completeOrder(page).click();

  await expectThankYou(page);
  await expect(thankYouCard(page, /^Package$/)).toContainText('Multi User');
  await expect(thankYouCard(page, /^Package$/)).toContainText('8 users');
  const numbers = ['101', '102', '103', '104', '105', '106', '107', '108'];
  const extensions = page.getByRole('region', { name: 'Extension Details' }).locator('.extension-list > li');
  await expect(extensions).toHaveCount(8);
  for (const [index, number] of numbers.entries()) {
    await expect(extensions.nth(index)).toHaveAccessibleName(`Extension ${number}`);
    await expect(extensions.nth(index).locator('code')).toHaveText(/^.{3}••••••••$/);
  }
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Total per year');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // After a reload the order is read again, the SIP passwords are gone from the browser.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(extensions).toHaveCount(8);
  await expect(page.getByText('For your security the SIP passwords were shown once')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Extension Details' }).locator('code')).toHaveCount(0);
});

test('Pay As You Go with a £25 top-up only: one card payment, no subscription to finalise', async ({ page }) => {
  await freshStart(page, '/plans-and-pricing');
  await planCard(page, 'Pay As You Go').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await page.getByLabel('Top-up amount (£)').fill('25');
  await page.getByRole('button', { name: 'Update top-up' }).click();
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('£25.00');

  await checkoutFromCartDropdown(page);
  await expect(page.getByText('Call credit of £25.00, paid once.')).toBeVisible();
  await expectTotals(totalsList(page), [
    ['Subtotal (per month)', '£0.00'],
    ['Top-up credit (one-time)', '£25.00'],
    ['VAT (20%)', '£5.00'],
    ['Total due today inc. VAT', '£30.00'],
  ]);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, newAccount('Pat'));
  await continueToPayment(page);
  await expect(page.getByText('Amount due today: £30.00 inc. VAT')).toBeVisible();
  await fillCard(page, CARDS.ok);

  const releaseAccount = await holdRequests(page, '/api/create-user-account');
  const intent = page.waitForResponse((response) => response.url().includes('/api/create-payment-intent'));
  await completeOrder(page).click();
  expect(await (await intent).json()).toMatchObject({ paymentType: 'payg_topup_only', useSubscription: false, splitPayment: false });
  await expect(progressItems(page)).toHaveText([/Payment confirmed \(done\)$/, /Account created \(pending\)$/, /Extensions set up \(pending\)$/]);
  await expect(page.getByText('Subscription finalised')).toHaveCount(0);
  releaseAccount();

  await expectThankYou(page);
  await expect(thankYouCard(page, /^Package$/)).toContainText('Pay As You Go');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.locator('dt')).toContainText(['Top-up credit (one-time)', 'Total due today inc. VAT']);
  await expect(summary.locator('dt', { hasText: 'Top-up credit (one-time)' }).locator('+ dd')).toHaveText('£25.00');
  await expect(summary.locator('dt', { hasText: 'Total due today inc. VAT' }).locator('+ dd')).toHaveText('£30.00');
  await expect(page.getByRole('listitem', { name: 'Extension 101' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

/** Pay As You Go with a monthly add-on: a subscription for the extras and the £10 top-up once. */
async function splitPaymentAtPayment(page: Page, firstName: string) {
  await freshStart(page, '/plans-and-pricing');
  await planCard(page, 'Pay As You Go').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await page.getByRole('button', { name: 'Add Call Forwarding & Routing' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await checkoutFromCartDropdown(page);
  await expectTotals(totalsList(page), [
    ['Subtotal (per month)', '£2.00'],
    ['Top-up credit (one-time)', '£10.00'],
    ['VAT (20%)', '£2.40'],
    ['Total due today inc. VAT', '£14.40'],
    ['Then per month inc. VAT', '£2.40'],
  ]);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, newAccount(firstName));
  await continueToPayment(page);
  await expect(page.getByText('Amount due today: £14.40 inc. VAT')).toBeVisible();
}

test('Pay As You Go with call forwarding: the extras monthly and the top-up once, in one card payment step', async ({ page }) => {
  await splitPaymentAtPayment(page, 'Sol');
  await fillCard(page, CARDS.ok);
  const intent = page.waitForResponse((response) => response.url().includes('/api/create-payment-intent'));
  await completeOrder(page).click();
  expect(await (await intent).json()).toMatchObject({ paymentType: 'payg_split_payment', splitPayment: true });

  await expectThankYou(page);
  await expect(thankYouCard(page, /^Add-ons \(1\)$/)).toContainText('Call Forwarding & Routing');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.locator('dt', { hasText: 'Top-up credit (one-time)' }).locator('+ dd')).toHaveText('£10.00');
  await expect(summary.locator('dt', { hasText: 'Then per month inc. VAT' }).locator('+ dd')).toHaveText('£2.40');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

// The server asks for 3-D Secure once per payment: the subscription's first invoice, then the top-up.
test('Pay As You Go split payment with a 3-D Secure card: each payment is authenticated', async ({ page }) => {
  await splitPaymentAtPayment(page, 'Tia');
  await fillCard(page, CARDS.threeDSecure);
  await completeOrder(page).click();
  const authenticate = page.getByRole('button', { name: 'Complete authentication' });
  // The card setup, the subscription's first invoice, the top-up.
  for (let round = 0; round < 3; round += 1) {
    await expect(page.getByText(/^3D Secure/)).toBeVisible();
    await authenticate.click();
  }
  await expectThankYou(page);
});

test('a declined card shows its message under the card field; another card in the same form pays', async ({ page }) => {
  await singleUserAtCheckout(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, newAccount('Dee'));
  await continueToPayment(page);
  await fillCard(page, CARDS.declinedCharge);
  const orders: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/create-payment-intent') && response.ok()) orders.push(((await response.json()) as { orderId: string }).orderId);
  });
  await completeOrder(page).click();

  const cardError = cardGroup(page).locator('xpath=..').getByRole('alert');
  await expect(cardError).toHaveText('Your card was declined.');
  await expect(cardGroup(page)).toHaveAccessibleDescription('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(stepHeading(page)).toHaveText('Payment');
  await expect(completeOrder(page)).toBeEnabled();

  await cardGroup(page).getByPlaceholder('number', { exact: true }).fill(CARDS.ok);
  await completeOrder(page).click();
  await expectThankYou(page);
  // The order stayed open for the other card: one order, paid the second time.
  await expect.poll(() => orders.length).toBe(2);
  expect(orders[1]).toBe(orders[0]);
  expect(new URL(page.url()).searchParams.get('order')).toBe(orders[0]);
  await expect(page.getByRole('listitem', { name: 'Extension 101' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

test('a 3-D Secure card: authentication at card setup and at the first payment, then the thank-you page', async ({ page }) => {
  await singleUserAtCheckout(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, newAccount('Sam'));
  await continueToPayment(page);
  await fillCard(page, CARDS.threeDSecure);
  const charges: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/create-subscription')) charges.push(request.postData() ?? '');
  });
  await completeOrder(page).click();

  // The stand-in's Stripe.js asks twice in its own window: the card setup, then the payment.
  const authenticate = page.getByRole('button', { name: 'Complete authentication' });
  await expect(page.getByText(/^3D Secure/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fail authentication' })).toBeVisible();
  await authenticate.click();
  await expect(page.getByText(/^3D Secure/)).toBeVisible();
  await authenticate.click();

  await expectThankYou(page);
  await expect(page.getByRole('listitem', { name: 'Extension 101' })).toBeVisible();
  // The charge asked for authentication, then the same request went once more.
  expect(charges).toHaveLength(2);
  expect(charges[1]).toBe(charges[0]);
});

test('a failed 3-D Secure authentication shows under the card field; authenticating the next try pays', async ({ page }) => {
  await singleUserAtCheckout(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, newAccount('Fay'));
  await continueToPayment(page);
  await fillCard(page, CARDS.threeDSecure);
  await completeOrder(page).click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();

  const cardError = cardGroup(page).locator('xpath=..').getByRole('alert');
  await expect(cardError).toHaveText('The latest attempt to set up the payment method has failed because authentication failed.');
  await expect(completeOrder(page)).toBeEnabled();

  await completeOrder(page).click();
  const authenticate = page.getByRole('button', { name: 'Complete authentication' });
  await authenticate.click();
  await expect(page.getByText(/^3D Secure/)).toBeVisible();
  await authenticate.click();
  await expectThankYou(page);
});

test('postcode lookup: suggestions after the pause, detail mode, Change, manual entry and an unknown postcode', async ({ page }) => {
  await page.clock.install();
  await singleUserAtCheckout(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  const form = accountForm(page);
  const postcode = form.getByLabel('Postcode');
  const line1 = form.getByLabel('Address Line 1');
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/address-lookup/')) lookups.push(new URL(request.url()).searchParams.get('postcode') ?? '');
  });

  // Typed key by key with the page's clock stopped: one lookup, for the whole postcode, 500 ms
  // after the last key.
  await page.clock.pauseAt(Date.now() + 5_000);
  await postcode.pressSequentially('id1 1qd');
  await expect(postcode).toHaveValue('id1 1qd');
  const releaseLookup = await holdRequests(page, '/api/address-lookup');
  await page.clock.runFor(499);
  await expect(form.getByRole('status')).toHaveCount(0);
  expect(lookups).toEqual([]);
  await page.clock.runFor(1);
  await expect(form.getByRole('status')).toHaveText('Looking up addresses…');
  await expect.poll(() => lookups).toEqual(['ID11QD']);
  await page.clock.resume();
  releaseLookup();
  await expect(suggestions(page)).toHaveText([
    '1 Example Road, Testtown, ID1 1QD',
    '2 Example Road, Testtown, ID1 1QD',
    '3 Example Road, Testtown, ID1 1QD',
    '4 Example Road, Testtown, ID1 1QD',
    'Flat 2, Idea House, Example Road, Testtown, ID1 1QD',
  ]);
  await expect(form.getByRole('status')).toHaveCount(0);
  expect(lookups).toEqual(['ID11QD']);
  await expect(line1).toHaveCount(0);

  // Choosing one shows the detailed address, filled.
  await suggestions(page).filter({ hasText: 'Flat 2, Idea House' }).click();
  await expect(postcode).toHaveValue('ID1 1QD');
  await expect(line1).toHaveValue('Flat 2');
  await expect(form.getByLabel('Address Line 2 (optional)')).toHaveValue('Idea House, Example Road');
  await expect(form.getByLabel('City')).toHaveValue('Testtown');
  await expect(form.getByLabel('Country')).toHaveValue('United Kingdom');
  await expect(page.getByRole('list', { name: 'Address suggestions' })).toHaveCount(0);

  // Change empties the address and goes back to the lookup.
  await form.getByRole('button', { name: 'Change' }).click();
  await expect(postcode).toHaveValue('');
  await expect(line1).toHaveCount(0);
  await expect(postcode).toHaveAccessibleDescription('Type your postcode to find your address.');

  // An unknown postcode.
  await postcode.fill('ZZ99 9ZZ');
  await expect(form.getByRole('alert')).toHaveText('No addresses found for this postcode. Please check and try again.');

  // By hand: the lines are asked for, then accepted.
  await form.getByRole('button', { name: 'Enter address manually' }).click();
  await expect(line1).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Change' })).toBeVisible();
  await fillAccountFields(form, newAccount('Ann'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the errors below and try again.' })).toBeVisible();
  await expect(line1).toHaveAccessibleDescription('Address line 1 is required');
  await expect(form.getByLabel('City')).toHaveAccessibleDescription('City is required');

  await line1.fill('10 Hand Written Lane');
  await form.getByLabel('City').fill('Bristol');
  await expect(page.getByText('Please correct the errors below and try again.')).toHaveCount(0);
  await continueToPayment(page);

  // Back keeps what was typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(page)).toHaveText('Account Setup');
  await expect(line1).toHaveValue('10 Hand Written Lane');
  await expect(postcode).toHaveValue('ZZ99 9ZZ');
});

test('/checkout without a package says so and offers the plans', async ({ page }) => {
  await freshStart(page, '/checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
  await expect(page.getByRole('alert')).toHaveText('No package has been selected. Please select a package first.');
  await page.getByRole('link', { name: 'View plans' }).click();
  await expect(page).toHaveURL(/\/plans-and-pricing$/);
});

test('Account Setup: the banner and per-field messages of the account form, each cleared by editing its field', async ({ page }) => {
  await singleUserAtCheckout(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  const form = accountForm(page);
  const banner = page.getByRole('alert').filter({ hasText: 'Please correct the errors below and try again.' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  const submit = page.getByRole('button', { name: 'Continue to Payment' });

  // Everything empty.
  await submit.click();
  await expect(banner).toBeVisible();
  await expect(stepHeading(page)).toHaveText('Account Setup');
  const required: [string, string][] = [
    ['Email', 'Email is required'],
    ['Password', 'Password is required'],
    ['Company Name', 'Company name is required'],
    ['First Name', 'First name is required'],
    ['Last Name', 'Last name is required'],
    ['Phone Number', 'Phone number is required'],
    ['Postcode', 'Postcode is required'],
  ];
  for (const [label, message] of required) {
    await expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(label)).toHaveAccessibleDescription(new RegExp(`^${message}`));
  }
  await expect(field('Confirm Password')).not.toHaveAttribute('aria-invalid');

  // Wrong values.
  await field('Email').fill('jane@example');
  await field('Password').fill('short');
  await field('Confirm Password').fill('shorter');
  await field('Phone Number').fill('12-34');
  await field('Postcode').fill('SW1A');
  // Editing a field clears its own message only; the banner stays while others remain.
  await expect(field('Email')).not.toHaveAttribute('aria-invalid');
  await expect(field('Company Name')).toHaveAccessibleDescription('Company name is required');
  await expect(banner).toBeVisible();

  await submit.click();
  const invalid: [string, string][] = [
    ['Email', 'Please enter a valid email address'],
    ['Password', 'Password must be at least 12 characters'],
    ['Confirm Password', 'Passwords do not match'],
    ['Phone Number', 'Please enter a valid phone number'],
    ['Postcode', 'Please enter a valid UK postcode (e.g., SW1A 1AA)'],
  ];
  for (const [label, message] of invalid) {
    await expect(field(label)).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[().]/g, '\\$&')}`));
  }
  await expect(form.locator('.field-error')).toHaveCount(8);

  // Corrected one by one: each message goes with its edit, the banner with the last.
  const account = newAccount('Val');
  const fixes: [string, string][] = [
    ['Email', account.email],
    ['Password', account.password],
    ['Confirm Password', account.password],
    ['Company Name', account.companyName],
    ['First Name', account.firstName],
    ['Last Name', account.lastName],
    ['Phone Number', '+44 (0)20 7946-0000'],
  ];
  for (const [label, value] of fixes) {
    await field(label).fill(value);
    await expect(field(label)).not.toHaveAttribute('aria-invalid');
    await expect(banner).toBeVisible();
  }
  await field('Postcode').fill('SW1A 1AA');
  await expect(form.locator('.field-error')).toHaveCount(0);
  await expect(banner).toHaveCount(0);
  await continueToPayment(page);
});
