import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { cartButton, freshStart, planCard } from './helpers';
import { cardGroup, typeCard as fillCard } from './service-checkout';

// The hardware checkout against the real server and the local Stripe stand-in (localstripe),
// whose Stripe.js renders the card element as plain inputs named by their placeholders.

const CARDS = {
  ok: '4242424242424242',
  /** Accepted at card setup; its charge is declined (402 card_declined). */
  declinedCharge: '4000000000000341',
  /** Asks for 3-D Secure at card setup and again for the payment. */
  threeDSecure: '4000002760003184',
};

/** The server's price list (the hardware-checkout contract). */
const SHIPPING = {
  economy: { name: 'Economy 3 Day - DPD', carrier: 'DPD', pence: 400 },
  standard: { name: 'Next Business Day - DPD', carrier: 'DPD', pence: 800 },
  express: { name: 'Royal Mail Special (Non-Guaranteed)', carrier: 'Royal Mail', pence: 845 },
  saturday: { name: 'SATURDAY - DPD', carrier: 'DPD', pence: 1500 },
};

type Shipping = (typeof SHIPPING)[keyof typeof SHIPPING];

/** An item as GET /api/hardware/ lists it (api/API.md "Hardware catalogue"). */
interface Item {
  id: string;
  brand: string;
  name: string;
  pricePence: number;
  inStock: boolean;
}

/** A published, in-stock phone of the seeded catalogue (the demo data may change; the test reads it). */
async function inStockPhone(request: APIRequestContext, skip: string[] = []): Promise<Item> {
  const response = await request.get('/api/hardware/');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: Item[] };
  const phone = items.find((item) => item.inStock && item.pricePence > 0 && !skip.includes(item.id));
  expect(phone, 'the seeded catalogue has an in-stock phone with a price').toBeDefined();
  return phone!;
}

/** How the app shows pence (display only, as its formatPence). */
function pounds(pence: number): string {
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The contract's VAT: 20% of the amount, rounded half up, in whole pence. */
const vatOf = (pence: number) => Math.floor((pence * 20 + 50) / 100);

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/** On /hardware, `quantity` of `phone` into the cart (the visitor's cart is kept: no fresh start). */
async function addToCart(page: Page, phone: Item, quantity: number) {
  await page.goto(`/hardware#${phone.brand}`);
  const card = page.getByRole('region', { name: `${brandName(phone.brand)} Phones` }).getByRole('article', { name: phone.name, exact: true });
  for (let count = 1; count < quantity; count += 1) await card.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(card.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(String(quantity));
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.getByText(`Added ${quantity} × ${phone.name} to your cart.`)).toBeVisible();
}

const STEPS = /^(Order Summary|Shipping Options|Shipping Address|Review Order|Payment)$/;
const stepHeading = (page: Page) => page.getByRole('heading', { level: 2, name: STEPS });
const currentStep = (page: Page) => page.getByRole('navigation', { name: 'Checkout progress' }).locator('[aria-current="step"]');
const addressForm = (page: Page) => page.getByRole('form', { name: 'Shipping address' });
const cardError = (page: Page) => cardGroup(page).locator('xpath=..').getByRole('alert');
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay £/ });
const totalsList = (page: Page) => page.locator('dl[aria-label="Totals"]');

/** The totals as the rows of their list: [term, figure] pairs. */
async function expectTotals(totals: Locator, rows: [string, string][]) {
  await expect(totals.locator('dt')).toHaveText(rows.map(([term]) => term));
  await expect(totals.locator('dd')).toHaveText(rows.map(([, figure]) => figure));
}

/** A new e-mail each time: repeated runs against one database never share one. */
function newEmail(name: string): string {
  return `${name.toLowerCase()}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Step 1 with `lines` [phone, quantity]: the phones and the totals without shipping. */
async function expectOrderSummary(page: Page, lines: [Item, number][]) {
  await expect(page).toHaveURL(/\/hardware-checkout$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hardware Checkout');
  await expect(currentStep(page)).toContainText('Order Summary');
  await expect(stepHeading(page)).toHaveText('Order Summary');
  const items = lines.reduce((sum, [phone, quantity]) => sum + phone.pricePence * quantity, 0);
  const shown = page.getByRole('list', { name: 'Desk phones' }).getByRole('listitem');
  await expect(shown).toHaveCount(lines.length);
  for (const [phone, quantity] of lines) {
    const line = shown.filter({ hasText: phone.name });
    await expect(line).toContainText(pounds(phone.pricePence * quantity));
    if (quantity > 1) await expect(line).toContainText(`Qty: ${quantity}`);
  }
  await expectTotals(totalsList(page), [
    ['Subtotal', pounds(items)],
    ['VAT (20%)', pounds(vatOf(items))],
    ['Total', pounds(items + vatOf(items))],
  ]);
  await expect(page.getByText(/^Shipping is calculated in the next step/)).toBeVisible();
  return items;
}

async function chooseShipping(page: Page, shipping: Shipping) {
  await page.getByRole('button', { name: 'Continue to Shipping Options' }).click();
  await expect(stepHeading(page)).toHaveText('Shipping Options');
  await expect(page.getByRole('radio')).toHaveCount(4);
  const next = page.getByRole('button', { name: 'Continue to Shipping Address' });
  await expect(next).toBeDisabled();
  await page.getByRole('radio', { name: shipping.name }).check();
  await next.click();
  await expect(stepHeading(page)).toHaveText('Shipping Address');
}

/** The address through the postcode lookup (ID1 1QD: the offline sample set). */
async function fillAddress(page: Page, name: string) {
  const form = addressForm(page);
  await form.getByLabel('Email').fill(newEmail(name));
  await form.getByLabel('First Name').fill(name);
  await form.getByLabel('Last Name').fill('Tester');
  await form.getByLabel('Phone Number').fill('020 7946 0000');
  await form.getByLabel('Postal Code').fill('ID1 1QD');
  await form.getByRole('list', { name: 'Address suggestions' }).getByRole('button').filter({ hasText: '1 Example Road, Testtown, ID1 1QD' }).click();
  await expect(form.getByLabel('Address Line 1')).toHaveValue('1 Example Road');
  await expect(form.getByLabel('City')).toHaveValue('Testtown');
  await expect(form.getByLabel('Country')).toHaveValue('GB');
}

/** Review with `shipping`: its totals (VAT on the phones and the delivery); Complete Order; the payment step. Answers the total. */
async function reviewAndPlace(page: Page, items: number, shipping: Shipping): Promise<number> {
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(stepHeading(page)).toHaveText('Review Order');
  await expect(page.getByRole('region', { name: 'Shipping' })).toContainText(`${shipping.name} (${shipping.carrier}): ${pounds(shipping.pence)}`);
  await expect(page.getByRole('region', { name: 'Delivery Address' })).toContainText('1 Example Road');
  const vat = vatOf(items + shipping.pence);
  const total = items + shipping.pence + vat;
  await expectTotals(totalsList(page), [
    ['Subtotal', pounds(items)],
    ['Shipping', pounds(shipping.pence)],
    ['VAT (20%)', pounds(vat)],
    ['Total', pounds(total)],
  ]);
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await expect(stepHeading(page)).toHaveText('Payment');
  await expect(currentStep(page)).toContainText('Payment');
  await expect(payButton(page)).toHaveText(`Pay ${pounds(total)}`);
  await expect(page.getByLabel('Billing Country')).toHaveValue('GB');
  return total;
}


async function expectThankYou(page: Page) {
  await expect(page).toHaveURL(/\/hardware-thank-you$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Order!');
  await expect(page.getByText('Order number', { exact: true }).locator('+ dd')).toHaveText(/^HW-\d{6}$/);
}

/** The value next to a <dt> of the thank-you page's Delivery section. */
const delivery = (page: Page, term: string) => page.getByRole('region', { name: 'Delivery' }).locator('dt', { hasText: term }).locator('+ dd');

test('two desk phones with Saturday delivery: five steps, paid by card, the thank-you page with the next Saturday', async ({ page, request }) => {
  const phone = await inStockPhone(request);
  await freshStart(page, `/hardware#${phone.brand}`);
  await addToCart(page, phone, 2);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  await page.goto('/hardware-checkout');
  const items = await expectOrderSummary(page, [[phone, 2]]);
  await chooseShipping(page, SHIPPING.saturday);
  await fillAddress(page, 'Sally');
  const total = await reviewAndPlace(page, items, SHIPPING.saturday);

  await fillCard(page, CARDS.ok);
  const created = page.waitForResponse((response) => response.url().includes('/api/create-hardware-payment/'));
  await payButton(page).click();
  const payment = await created;
  expect(new URL(payment.url()).searchParams.get('_')).toMatch(/^\d+$/);
  const paid = (await payment.json()) as { status: string; amount: number };
  expect(paid).toMatchObject({ status: 'succeeded', amount: total });

  await expectThankYou(page);
  // No mail relay in the tests: the confirmation goes to the local mailbox within the outbox
  // job's ten seconds, and the page, asking again meanwhile, says where it is.
  await expect(page.getByRole('status').filter({ hasText: /confirmation/ })).toContainText(/^Your confirmation email to sally\..* is in this shop's local mailbox/, {
    timeout: 20_000,
  });
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('listitem')).toHaveText([new RegExp(`^${phone.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}Qty: 2`)]);
  await expect(summary.locator('dt', { hasText: /^Total$/ }).locator('+ dd')).toHaveText(pounds(total));
  await expect(delivery(page, 'Delivery method')).toHaveText('SATURDAY - DPD');
  await expect(delivery(page, 'Carrier')).toHaveText('DPD');
  await expect(delivery(page, 'Shipping address')).toContainText('1 Example Road');
  // The next Saturday after today, as the browser writes it in long en-GB.
  const nextSaturday = await page.evaluate(() => {
    const day = new Date();
    do day.setDate(day.getDate() + 1);
    while (day.getDay() !== 6);
    return day.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  });
  await expect(delivery(page, 'Estimated delivery')).toHaveText(nextSaturday);
  await expect(page.getByRole('region', { name: "What's Next?" }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');

  // Kept in this tab only; the server took the phones out of the cart, which is then forgotten.
  const kept = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('hardwareOrder') ?? 'null'));
  expect(kept).toMatchObject({ orderNumber: expect.stringMatching(/^HW-\d{6}$/), confirmationStatus: 'confirmed' });
  expect(page.url()).not.toContain(kept.orderSecret);
  expect(await page.evaluate(() => JSON.stringify({ ...window.localStorage }))).not.toContain(kept.orderSecret);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cartId'))).toBeNull();

  // A reload shows the same order.
  await page.reload();
  await expectThankYou(page);
  await expect(delivery(page, 'Estimated delivery')).toHaveText(nextSaturday);
});

test('a declined card says so under the card field; another card pays the same order with a new card setup', async ({ page, request }) => {
  const phone = await inStockPhone(request);
  await freshStart(page, `/hardware#${phone.brand}`);
  await addToCart(page, phone, 1);
  await page.goto('/hardware-checkout');
  const items = await expectOrderSummary(page, [[phone, 1]]);
  await chooseShipping(page, SHIPPING.economy);
  await fillAddress(page, 'Dee');
  await reviewAndPlace(page, items, SHIPPING.economy);

  const setups: string[] = [];
  const payments: { order_id: string; payment_method_id: string }[] = [];
  page.on('request', (sent) => {
    if (/\/api\/hardware-orders\/[^/]+\/card-setup$/.test(new URL(sent.url()).pathname)) setups.push(sent.url());
    if (sent.url().includes('/api/create-hardware-payment/')) payments.push(sent.postDataJSON());
  });
  await fillCard(page, CARDS.declinedCharge);
  await payButton(page).click();
  await expect(cardError(page)).toHaveText(/^Your card was declined/);
  await expect(cardError(page)).toHaveText(/Please contact your bank or try a different card\.$/);
  await expect(cardGroup(page)).toHaveAccessibleDescription(/^Your card was declined/);
  await expect(page).toHaveURL(/\/hardware-checkout$/);
  await expect(stepHeading(page)).toHaveText('Payment');
  await expect(payButton(page)).toBeEnabled();

  await cardGroup(page).getByPlaceholder('number', { exact: true }).fill(CARDS.ok);
  await payButton(page).click();
  await expectThankYou(page);
  expect(setups).toHaveLength(2);
  expect(payments).toHaveLength(2);
  expect(payments[1].order_id).toBe(payments[0].order_id);
  expect(payments[1].payment_method_id).not.toBe(payments[0].payment_method_id);
  await expect(delivery(page, 'Delivery method')).toHaveText(SHIPPING.economy.name);
});

test('a 3-D Secure card: authentication at card setup and at the payment, then the thank-you page', async ({ page, request }) => {
  const phone = await inStockPhone(request);
  await freshStart(page, `/hardware#${phone.brand}`);
  await addToCart(page, phone, 1);
  await page.goto('/hardware-checkout');
  const items = await expectOrderSummary(page, [[phone, 1]]);
  await chooseShipping(page, SHIPPING.express);
  await fillAddress(page, 'Sam');
  await reviewAndPlace(page, items, SHIPPING.express);

  await fillCard(page, CARDS.threeDSecure);
  const created = page.waitForResponse((response) => response.url().includes('/api/create-hardware-payment/'));
  await payButton(page).click();
  await expect(payButton(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();

  // The stand-in's Stripe.js asks twice in its own window: the card setup, then the payment.
  const authenticate = page.getByRole('button', { name: 'Complete authentication' });
  await expect(page.getByText(/^3D Secure/)).toBeVisible();
  await authenticate.click();
  expect(await (await created).json()).toMatchObject({ status: 'requires_action', requires_action: true });
  await expect(page.getByText(/^3D Secure/)).toBeVisible();
  await authenticate.click();

  await expectThankYou(page);
  await expect(delivery(page, 'Carrier')).toHaveText('Royal Mail');
});

test('Shipping Address: each message on an empty form, a bad UK postcode, each cleared by editing its field', async ({ page, request }) => {
  const phone = await inStockPhone(request);
  await freshStart(page, `/hardware#${phone.brand}`);
  await addToCart(page, phone, 1);
  await page.goto('/hardware-checkout');
  await expectOrderSummary(page, [[phone, 1]]);
  await chooseShipping(page, SHIPPING.standard);

  const form = addressForm(page);
  const field = (label: string) => form.getByLabel(label, { exact: true });
  const review = page.getByRole('button', { name: 'Review Order' });
  await review.click();
  await expect(stepHeading(page)).toHaveText('Shipping Address');
  const required: [string, string][] = [
    ['Email', 'Email is required'],
    ['First Name', 'First name is required'],
    ['Last Name', 'Last name is required'],
    ['Phone Number', 'Phone number is required'],
    ['Postal Code', 'Postal code is required'],
    ['Address Line 1', 'Address line 1 is required'],
    ['City', 'City is required'],
  ];
  for (const [label, message] of required) {
    await expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(label)).toHaveAccessibleDescription(new RegExp(`^${message}`));
  }
  await expect(field('Address Line 2 (optional)')).not.toHaveAttribute('aria-invalid');
  await expect(form.locator('.field-error')).toHaveCount(7);

  // Editing a field clears its own message only.
  await field('Email').fill('sally@example');
  await expect(field('Email')).not.toHaveAttribute('aria-invalid');
  await expect(field('City')).toHaveAccessibleDescription('City is required');
  await expect(form.locator('.field-error')).toHaveCount(6);

  // Wrong values.
  await field('Postal Code').fill('SW1A');
  await review.click();
  await expect(field('Email')).toHaveAccessibleDescription('Email is invalid');
  await expect(field('Postal Code')).toHaveAccessibleDescription(/^Please enter a valid UK postal code/);

  // Corrected, the address goes through to Review.
  await field('Email').fill(newEmail('Val'));
  await field('First Name').fill('Val');
  await field('Last Name').fill('Tester');
  await field('Phone Number').fill('020 7946 0000');
  await field('Postal Code').fill('SW1A 1AA');
  await field('Address Line 1').fill('10 Hand Written Lane');
  await field('City').fill('London');
  await expect(form.locator('.field-error')).toHaveCount(0);
  await review.click();
  await expect(stepHeading(page)).toHaveText('Review Order');

  // Back keeps what was typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(field('Address Line 1')).toHaveValue('10 Hand Written Lane');
  await expect(field('Postal Code')).toHaveValue('SW1A 1AA');
});

test("a hardware-only cart: the cart dropdown's Checkout loads /hardware-checkout as a full page", async ({ page, request }) => {
  const phone = await inStockPhone(request);
  await freshStart(page, `/hardware#${phone.brand}`);
  await addToCart(page, phone, 1);
  await cartButton(page).click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  await expect(panel.getByRole('button', { name: 'Checkout Hardware Only' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expectOrderSummary(page, [[phone, 1]]);
  // A document load of /hardware-checkout, not the app's own navigation.
  const loaded = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).name);
  expect(new URL(loaded).pathname).toBe('/hardware-checkout');
});

/** Buys Single User (one user, monthly) on the plans page, then adds `phone` on /hardware: a mixed cart. */
async function mixedCart(page: Page, phone: Item) {
  await freshStart(page, '/plans-and-pricing');
  await planCard(page, 'Single User').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await addToCart(page, phone, 1);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
}

test("a mixed cart: the cart dropdown's Checkout Hardware Only loads the hardware checkout with the phones only", async ({ page, request }) => {
  const phone = await inStockPhone(request);
  await mixedCart(page, phone);
  await cartButton(page).click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  await expect(panel.getByRole('link', { name: 'Checkout All Items' })).toHaveAttribute('href', '/checkout');
  // The whole cart: Single User monthly (£4.99 + £1.00 VAT) and the phone with its VAT.
  await expectTotals(panel.locator('dl'), [
    ['Subtotal (per month)', '£4.99'],
    ['Hardware', pounds(phone.pricePence)],
    ['VAT', pounds(100 + vatOf(phone.pricePence))],
    ['Total inc. VAT', pounds(599 + phone.pricePence + vatOf(phone.pricePence))],
  ]);
  await panel.getByRole('button', { name: 'Checkout Hardware Only' }).click();
  await expectOrderSummary(page, [[phone, 1]]);
  await expect(page.getByText(/Single User/)).toHaveCount(0);
  const loaded = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).name);
  expect(new URL(loaded).pathname).toBe('/hardware-checkout');
});

test('a mixed cart through both checkouts: the service first, then "Now pay for your desk phones" and the hardware checkout', async ({ page, request }) => {
  const phone = await inStockPhone(request);
  await mixedCart(page, phone);

  // The service checkout: the phones are listed apart and stay in the cart.
  await cartButton(page).click();
  await page.getByRole('region', { name: 'Shopping cart' }).getByRole('link', { name: 'Checkout All Items' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('list', { name: 'Hardware' })).toContainText(phone.name);
  // Its totals are the services only; the phones are noted outside them, paid next.
  await expectTotals(totalsList(page), [
    ['Subtotal (per month)', '£4.99'],
    ['VAT (20%)', '£1.00'],
    ['Total due today inc. VAT', '£5.99'],
    ['Then per month inc. VAT', '£5.99'],
  ]);
  await expect(page.getByText(`Desk phones: paid in the hardware checkout next, ${pounds(phone.pricePence + vatOf(phone.pricePence))} inc. VAT`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  const account = page.getByRole('form', { name: 'Account details' });
  await account.getByLabel('Email').fill(newEmail('Mia'));
  await account.getByLabel('Password', { exact: true }).fill('correct-horse-9');
  await account.getByLabel('Confirm Password').fill('correct-horse-9');
  await account.getByLabel('Company Name').fill('Example Widgets Ltd');
  await account.getByLabel('First Name').fill('Mia');
  await account.getByLabel('Last Name').fill('Tester');
  await account.getByLabel('Phone Number').fill('020 7946 0000');
  await account.getByLabel('Postcode').fill('ID1 1QD');
  await page.getByRole('list', { name: 'Address suggestions' }).getByRole('button').filter({ hasText: '1 Example Road, Testtown, ID1 1QD' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page, CARDS.ok);
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await expect(page).toHaveURL(/\/thank-you\?order=[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');

  // The phones are still in the cart: their own checkout is offered.
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  const waiting = page.getByRole('region', { name: 'Now pay for your desk phones' });
  await waiting.getByRole('link', { name: 'Go to the hardware checkout' }).click();
  const items = await expectOrderSummary(page, [[phone, 1]]);
  await chooseShipping(page, SHIPPING.standard);
  await fillAddress(page, 'Mia');
  await reviewAndPlace(page, items, SHIPPING.standard);
  await fillCard(page, CARDS.ok);
  await payButton(page).click();

  await expectThankYou(page);
  await expect(delivery(page, 'Delivery method')).toHaveText(SHIPPING.standard.name);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});
