import { expect, test, type Page } from '@playwright/test';
import { buyOnPlansPage, cartButton, freshStart } from './helpers';
import { checkoutFromCartDropdown } from './service-checkout';

const numberCards = (page: Page) => page.getByRole('list', { name: 'Numbers found' }).getByRole('article');
const selectionPanel = (page: Page) => page.getByRole('complementary', { name: 'Your selected numbers' });

/** The E.164 value of a UK number shown as '01214 960000'. */
function ukValue(display: string): string {
  return `44${display.replace(/\s/g, '').slice(1)}`;
}

async function searchUk(page: Page, areaLabel: string) {
  await page.getByLabel('Area code').selectOption({ label: areaLabel });
  await page.getByRole('button', { name: 'Search' }).click();
}

test('UK: Single User, then two 0161 numbers (one included Free), load more, Continue back to add-ons', async ({ page }) => {
  await buyOnPlansPage(page, 'Single User');
  await page.getByRole('link', { name: 'Continue to Phone Numbers' }).click();
  await expect(page).toHaveURL(/\/all-phone-numbers\?checkout=true$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('UK Phone Numbers');
  await expect(selectionPanel(page)).toContainText('No numbers selected yet. Click on a number to add it to your selection.');

  await searchUk(page, '0161 Manchester');
  await expect(numberCards(page)).toHaveCount(50);
  await expect(numberCards(page).first()).toHaveAccessibleName(/^01614 96\d{4}$/);
  // Single User includes one number: every card says so until the cart holds it.
  await expect(numberCards(page).first()).toContainText('Included');

  const first = numberCards(page).nth(0);
  const second = numberCards(page).nth(1);
  await first.getByRole('button', { name: 'Select +' }).click();
  await expect(first.getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toContainText('Included');
  await expect(second).toContainText('£2.00 per month');
  await second.getByRole('button', { name: 'Select +' }).click();
  await expect(second.getByRole('button', { name: 'Selected' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');

  const lines = selectionPanel(page).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Free');
  await expect(lines.nth(1)).toContainText('£2.00 per month');

  await page.getByRole('button', { name: 'Load more numbers' }).click();
  await expect(numberCards(page)).toHaveCount(100);
  await expect(page.getByText(/^Showing 100 of \d+ numbers$/)).toBeVisible();

  // Deselecting releases the number and updates the badge.
  await second.getByRole('button', { name: 'Selected' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
});

test('UK: a Pay As You Go buyer sees £2.50 on the cards and the cart and checkout charge £2.50', async ({ page }) => {
  await buyOnPlansPage(page, 'Pay As You Go');
  await page.getByRole('link', { name: 'Continue to Phone Numbers' }).click();
  await expect(page).toHaveURL(/\/all-phone-numbers\?checkout=true$/);
  await searchUk(page, '0161 Manchester');
  const first = numberCards(page).first();
  await expect(first).toContainText('£2.50 per month');
  await expect(numberCards(page).nth(1)).toContainText('£2.50 per month');
  await expect(page.getByText('£2.00 per month')).toHaveCount(0);
  await first.getByRole('button', { name: 'Select +' }).click();
  await expect(first.getByRole('button', { name: 'Selected' })).toBeVisible();
  await expect(selectionPanel(page).getByRole('listitem')).toContainText('£2.50 per month');

  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await checkoutFromCartDropdown(page);
  await expect(page.getByRole('list', { name: 'Phone numbers' })).toContainText('£2.50 per month');
  // £2.50 a month and the £10 top-up, VAT 20% on each: £15.00 today, then £3.00 a month.
  const totals = page.locator('dl.order-totals');
  await expect(totals).toContainText('Subtotal (per month)£2.50');
  await expect(totals.locator('dd.summary-grand')).toHaveText('£15.00');
  await expect(totals).toContainText('Then per month inc. VAT£3.00');
});

test('UK: at the cart\'s cap of 10 numbers the refusal offers a quote, which opens with the count filled in', async ({ page }) => {
  await freshStart(page, '/all-phone-numbers');
  await searchUk(page, '0161 Manchester');
  await expect(numberCards(page)).toHaveCount(50);
  for (let i = 0; i < 10; i += 1) {
    const card = numberCards(page).nth(i);
    await card.getByRole('button', { name: 'Select +' }).click();
    await expect(card.getByRole('button', { name: 'Selected' })).toBeVisible();
  }
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 10 items');
  await numberCards(page).nth(10).getByRole('button', { name: 'Select +' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('A cart can hold at most 10 numbers. Remove one to add another.');
  const offer = alert.getByRole('link', { name: 'Need more numbers? Request a quote' });
  await expect(offer).toHaveAttribute('href', '/quote?numbers=11');
  await expect(numberCards(page).nth(10).getByRole('button', { name: 'Select +' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 10 items');

  await offer.click();
  await expect(page).toHaveURL(/\/quote\?numbers=11$/);
  await expect(page.getByRole('radio', { name: 'More than 10 phone numbers' })).toBeChecked();
  await expect(page.getByLabel('How many new numbers')).toHaveValue('11');
});

test('UK: an area code without stock offers the placeholder card, selected and removed by its value', async ({ page }) => {
  await freshStart(page, '/all-phone-numbers');
  await searchUk(page, '01202 Bournemouth');
  const placeholder = page.getByRole('article', { name: '01202 area code' });
  await expect(placeholder).toContainText('provisioned after payment');
  await placeholder.getByRole('button', { name: 'Select +' }).click();
  await expect(placeholder.getByRole('button', { name: 'Selected' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/checkout');
  // The server keeps placeholder-01202 as sent: the card finds it in the cart and removes it by that value.
  await placeholder.getByRole('button', { name: 'Selected' }).click();
  await expect(placeholder.getByRole('button', { name: 'Select +' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

test('UK: a transfer number typed with spaces is added trimmed', async ({ page }) => {
  await freshStart(page, '/all-phone-numbers');
  await page.getByRole('tab', { name: 'Transfer my number' }).click();
  const input = page.getByLabel('Number to transfer');
  // Not transfers.spec's 020 7946 0123: that spec, in another project, may be ordering it meanwhile.
  await input.fill('   020 7946 0456   ');
  await page.getByRole('button', { name: 'Add number' }).click();
  await expect(input).toHaveValue('');
  await expect(selectionPanel(page).getByRole('listitem')).toHaveText(/^020 7946 0456 \(transfer\)£2\.\d\d per month/);

  // A number that cannot be ported: the server's message.
  await input.fill('0909 879 0000');
  await page.getByRole('button', { name: 'Add number' }).click();
  await expect(page.getByRole('alert')).toHaveText('Only UK numbers starting 01, 02, 03, 07, 0800, 0808, 0845 or 0870 can be transferred.');
  await expect(input).toHaveValue('0909 879 0000');
});

test('UK: a number another cart has just taken shows the 409 message', async ({ page, request }) => {
  await freshStart(page, '/all-phone-numbers');
  await searchUk(page, '0121 Birmingham');
  const card = numberCards(page).first();
  const display = (await card.getByRole('heading').textContent()) ?? '';
  expect(display).toMatch(/^01214 96\d{4}$/);

  // Another visitor's cart reserves it first.
  const other = await request.post('/api/carts');
  expect(other.status()).toBe(201);
  const { id } = (await other.json()) as { id: string };
  const reserved = await request.post(`/api/carts/${id}/numbers`, { data: { value: ukValue(display) } });
  expect(reserved.ok()).toBe(true);

  await card.getByRole('button', { name: 'Select +' }).click();
  await expect(page.getByRole('alert')).toHaveText('This number has just been taken. Please choose another.');
  await expect(card.getByRole('button', { name: 'Select +' })).toBeVisible();
  await expect(selectionPanel(page)).toContainText('No numbers selected yet.');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  await request.delete(`/api/carts/${id}/numbers/${ukValue(display)}`);
});

test('international: US on first load, then a French toll-free number at £4.50', async ({ page }) => {
  await freshStart(page, '/international-numbers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('International Phone Numbers');
  await expect(numberCards(page)).toHaveCount(20);
  await expect(numberCards(page).first()).toHaveAccessibleName(/^\+1 /);

  await page.getByLabel('Country').selectOption('FR');
  await expect(page.getByLabel('Area code')).toHaveValue('1');
  await expect(numberCards(page)).toHaveCount(0);
  await page.getByLabel('Number type').selectOption({ label: 'Toll-Free Number' });
  await page.getByLabel('Area code').selectOption({ label: '800 Numéro vert' });
  await page.getByRole('button', { name: 'Search' }).click();
  const tollFree = numberCards(page).first();
  await expect(tollFree).toHaveAccessibleName(/^\+33 800990\d{3}$/);
  await expect(tollFree).toContainText('£4.50 per month');

  await page.getByLabel('Number type').selectOption({ label: 'Mobile Number' });
  await expect(page.getByLabel('Country')).toHaveValue('GB');
});

test('mobile: 074 has none, 077 finds 07700 900xxx', async ({ page }) => {
  await freshStart(page, '/mobile-numbers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('UK Mobile Numbers');
  await expect(numberCards(page)).toHaveCount(20);
  await page.getByLabel('Prefix').selectOption('074');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No mobile numbers found matching your criteria. Please try different search options.')).toBeVisible();
  await page.getByLabel('Prefix').selectOption('077');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(numberCards(page).first()).toHaveAccessibleName(/^07700 900\d{3}$/);
  await expect(numberCards(page).first()).toContainText('£4.99 per month');
});

interface RecordedNavigation {
  method: 'pushState' | 'replaceState';
  url: string;
  state: unknown;
}

/** Records every same-document navigation (history.pushState / replaceState) in window.__navigations. */
async function recordNavigations(page: Page) {
  await page.addInitScript(() => {
    const recorded: unknown[] = [];
    (window as unknown as { __navigations: unknown[] }).__navigations = recorded;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
        recorded.push({ method, url: url == null ? null : new URL(url, location.href).pathname, state });
        original(state, unused, url);
      };
    }
  });
}

const navigations = (page: Page) => page.evaluate(() => (window as unknown as { __navigations: RecordedNavigation[] }).__navigations);

test('free trial: the header button, pick a number, Proceed saves it and opens the trial sign-up with it', async ({ page }) => {
  await recordNavigations(page);
  await freshStart(page, '/');
  await page.getByRole('link', { name: 'Start 7 days trial' }).first().click();
  await expect(page).toHaveURL(/\/free-trial-numbers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your free number');
  await expect(page.getByText(/^\d+ numbers? available$/)).toBeVisible();
  const proceed = page.getByRole('button', { name: 'Select a Number First' });
  await expect(proceed).toBeDisabled();

  // The demo pool is 01632 960000-960049; trials take numbers out of it, so the first one left.
  const choice = page.getByRole('radio').first();
  const label = (await choice.getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent())) ?? '';
  expect(label).toMatch(/^01632 9600\d\d$/);
  await choice.check();
  await expect(choice).toBeChecked();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  const before = (await navigations(page)).length;
  await page.getByRole('button', { name: `Proceed with ${label}` }).click();

  // One pushState to /free-trial-account-setup carrying the number; the sign-up shows it.
  await expect(page).toHaveURL(/\/free-trial-account-setup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start your free trial');
  await expect(page.getByRole('complementary', { name: 'Your free trial' })).toContainText(label);
  const made = (await navigations(page)).slice(before);
  expect(made).toEqual([expect.objectContaining({ method: 'pushState', url: '/free-trial-account-setup' })]);
  const stored = await page.evaluate(() => window.localStorage.getItem('selectedFreeNumber'));
  expect(JSON.parse(stored ?? 'null')).toEqual({ value: ukValue(label), displayValue: label, status: 'Available' });
});

test('/free-numbers is the same picker', async ({ page }) => {
  await freshStart(page, '/free-numbers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your free number');
  await expect(page.getByRole('radio').first()).toBeVisible();
});

test('number pages: one H1, canonical and the structured-data price ranges', async ({ page }) => {
  const pages: [string, string, Record<string, string>][] = [
    ['/all-phone-numbers', 'UK Phone Numbers', { lowPrice: '2.00', highPrice: '9.99' }],
    ['/international-numbers', 'International Phone Numbers', { lowPrice: '4.99', highPrice: '19.99' }],
    ['/mobile-numbers', 'UK Mobile Numbers', { price: '4.99' }],
    ['/free-trial-numbers', 'Choose your free number', { price: '0' }],
  ];
  await freshStart(page, '/');
  for (const [path, heading, offer] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForTimeout(600);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://www.talkbridge.co.uk${path}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { offers: Record<string, string> };
    expect(jsonLd.offers).toMatchObject({ priceCurrency: 'GBP', ...offer });
  }
});
