import { expect, test, type Browser, type Page } from '@playwright/test';
import { cartButton, freshStart } from './helpers';
import { cardGroup, typeCard } from './service-checkout';
import { csrfToken, signIn } from './staff';

// Live prices: a desk phone is priced at today's catalogue price in the cart and the hardware
// checkout, which name each change; an order placed or paid on a quote the buyer no longer
// sees is refused with the new quote (409 price_changed) and goes through on the next click.
// Each test uses a phone of its own, made (and raised, then deleted) by the admin of staff.ts
// through the admin hardware API, so the seeded catalogue the other journeys read is untouched.

/** Unique per run, so runs against the same database do not see each other's phones. */
const run = Date.now().toString(36);

/** An item as the admin hardware API answers it. */
interface Item {
  id: string;
  name: string;
  pricePence: number;
}

/** Economy 3 Day - DPD, £4.00 (the hardware-checkout contract). */
const ECONOMY = { name: 'Economy 3 Day - DPD', pence: 400 };

/** How the app shows pence (formatPence). */
const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The contract's VAT: 20%, rounded half up, in whole pence. */
const vatOf = (pence: number) => Math.floor((pence * 20 + 50) / 100);

const changed = (item: Item, from: number, to: number) => `The price of ${item.name} changed from ${pounds(from)} to ${pounds(to)}`;

/** The admin, signed in on a browser of their own (their session's cookie and CSRF token call the API). */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/hardware$/);
  return page;
}

/** The body of POST and PUT /api/hardware/ for a published, in-stock phone at `pricePence`. */
const itemBody = (name: string, pricePence: number) => ({
  name,
  brand: 'cisco',
  model: `LP-${name.replace(/\W+/g, '-')}`,
  pricePence,
  features: ['SIP'],
  compatibility: ['Talkbridge'],
  inStock: true,
  status: 'published',
});

async function createPhone(admin: Page, name: string, pricePence: number): Promise<Item> {
  const response = await admin.request.post('/api/hardware/', { headers: { 'X-CSRF-Token': await csrfToken(admin) }, data: itemBody(name, pricePence) });
  expect(response.status()).toBe(201);
  return (await response.json()) as Item;
}

/** The admin changes the phone's price (PUT /api/hardware/{id}/ with its fields). */
async function setPrice(admin: Page, item: Item, pricePence: number) {
  const response = await admin.request.put(`/api/hardware/${item.id}/`, { headers: { 'X-CSRF-Token': await csrfToken(admin) }, data: itemBody(item.name, pricePence) });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as Item).pricePence).toBe(pricePence);
}

async function deletePhone(admin: Page, item: Item) {
  const response = await admin.request.delete(`/api/hardware/${item.id}/`, { headers: { 'X-CSRF-Token': await csrfToken(admin) } });
  expect(response.status()).toBe(204);
}

/** A new cart holding one `item`, made through the cart API and kept as this browser's cart. */
async function cartWith(page: Page, item: Item) {
  await freshStart(page, '/');
  const created = await page.request.post('/api/carts');
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const added = await page.request.post(`/api/carts/${id}/hardware`, { data: { productId: item.id, quantity: 1 } });
  expect(added.ok()).toBe(true);
  await page.evaluate((cartId) => window.localStorage.setItem('cartId', cartId), id);
}

const STEPS = /^(Order Summary|Shipping Options|Shipping Address|Review Order|Payment)$/;
const stepHeading = (page: Page) => page.getByRole('heading', { level: 2, name: STEPS });
const totalOf = (page: Page) => page.locator('dl[aria-label="Totals"]').locator('dt', { hasText: /^Total$/ }).locator('+ dd');
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay £/ });

/** From step 1 to Review: Economy delivery and an address through the postcode lookup. */
async function toReview(page: Page, firstName: string) {
  await page.getByRole('button', { name: 'Continue to Shipping Options' }).click();
  await page.getByRole('radio', { name: ECONOMY.name }).check();
  await page.getByRole('button', { name: 'Continue to Shipping Address' }).click();
  const form = page.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('Email').fill(`${firstName.toLowerCase()}.${run}${Math.random().toString(36).slice(2, 6)}@example.com`);
  await form.getByLabel('First Name').fill(firstName);
  await form.getByLabel('Last Name').fill('Tester');
  await form.getByLabel('Phone Number').fill('020 7946 0000');
  await form.getByLabel('Postal Code').fill('ID1 1QD');
  await form.getByRole('list', { name: 'Address suggestions' }).getByRole('button').filter({ hasText: '1 Example Road, Testtown, ID1 1QD' }).click();
  await expect(form.getByLabel('Address Line 1')).toHaveValue('1 Example Road');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(stepHeading(page)).toHaveText('Review Order');
}

/** The total of one phone at `unit` with Economy delivery, VAT included. */
const economyTotal = (unit: number) => unit + ECONOMY.pence + vatOf(unit + ECONOMY.pence);

const made: Item[] = [];
let admin: Page;

test.beforeAll(async ({ browser }) => {
  admin = await adminPage(browser);
});

test.afterAll(async () => {
  for (const item of made) await deletePhone(admin, item);
  await admin.context().close();
});

test('a phone whose price an admin raised after it went into the cart: the cart and the checkout say so, and the order is paid at the new price', async ({ page }) => {
  const phone = await createPhone(admin, `Cisco Live Price ${run}`, 11900);
  made.push(phone);
  await cartWith(page, phone);
  await setPrice(admin, phone, 12900);

  // The cart dropdown prices it today and names the change.
  await page.reload();
  await cartButton(page).click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  await expect(panel.getByRole('status')).toHaveText(changed(phone, 11900, 12900));
  await expect(panel.locator('dt', { hasText: 'Hardware' }).locator('+ dd')).toHaveText(pounds(12900));

  // The hardware checkout: the sentence above the order summary, the total at £129.00.
  await page.goto('/hardware-checkout');
  await expect(stepHeading(page)).toHaveText('Order Summary');
  await expect(page.getByRole('status').filter({ hasText: /^The price of/ })).toHaveText(changed(phone, 11900, 12900));
  await expect(totalOf(page)).toHaveText(pounds(12900 + vatOf(12900)));

  await toReview(page, 'Priya');
  await expect(page.getByRole('status').filter({ hasText: /^The price of/ })).toHaveText(changed(phone, 11900, 12900));
  const total = economyTotal(12900);
  await expect(totalOf(page)).toHaveText(pounds(total));
  const placing = page.waitForRequest((request) => request.url().endsWith('/api/hardware-orders') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Complete Order' }).click();
  expect((await placing).postDataJSON()).toMatchObject({ shippingOption: 'economy', quoteVersion: expect.stringMatching(/^q/) });
  await expect(stepHeading(page)).toHaveText('Payment');
  await expect(payButton(page)).toHaveText(`Pay ${pounds(total)}`);

  await typeCard(page, '4242424242424242');
  const created = page.waitForResponse((response) => response.url().includes('/api/create-hardware-payment/'));
  await payButton(page).click();
  const payment = await created;
  expect(payment.request().postDataJSON()).toMatchObject({ amount: total, quote_version: (await placing).postDataJSON().quoteVersion });
  expect(await payment.json()).toMatchObject({ status: 'succeeded', amount: total });
  await expect(page).toHaveURL(/\/hardware-thank-you$/, { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Order Summary' }).locator('dt', { hasText: /^Total$/ }).locator('+ dd')).toHaveText(pounds(total));
});

test('the price changes while Review is open: Complete Order answers with the new total and the sentence, and the second click places the order', async ({ page }) => {
  const phone = await createPhone(admin, `Cisco Price Race ${run}`, 11900);
  made.push(phone);
  await cartWith(page, phone);
  await page.goto('/hardware-checkout');
  await expect(stepHeading(page)).toHaveText('Order Summary');
  await expect(page.getByRole('status').filter({ hasText: /^The price of/ })).toHaveCount(0);
  await toReview(page, 'Quinn');
  await expect(totalOf(page)).toHaveText(pounds(economyTotal(11900)));

  await setPrice(admin, phone, 12900);
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/hardware-orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Complete Order' }).click();
  expect((await refused).status()).toBe(409);
  await expect(page.getByRole('alert')).toHaveText(`${changed(phone, 11900, 12900)}. Please check the new total and try again.`);
  await expect(page.getByRole('status').filter({ hasText: /^The price of/ })).toHaveText(changed(phone, 11900, 12900));
  await expect(totalOf(page)).toHaveText(pounds(economyTotal(12900)));
  await expect(stepHeading(page)).toHaveText('Review Order');

  const placed = page.waitForResponse((response) => response.url().endsWith('/api/hardware-orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Complete Order' }).click();
  expect((await placed).status()).toBe(201);
  expect(((await (await placed).json()) as { amounts: { totalPence: number } }).amounts.totalPence).toBe(economyTotal(12900));
  await expect(stepHeading(page)).toHaveText('Payment');
  await expect(payButton(page)).toHaveText(`Pay ${pounds(economyTotal(12900))}`);
  await expect(cardGroup(page)).toBeVisible();
});
