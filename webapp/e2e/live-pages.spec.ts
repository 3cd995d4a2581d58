import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { consoleErrors, openLive } from './helpers';
import { csrfToken, signIn } from './staff';

// The live pages (api/src/http/live_pages.rs): /hardware and the number pages are served with the
// live catalogue in their HTML, rendered again at each change, and hydrate from the data they
// were rendered with. Each test's phone is its own, made by the admin of staff.ts through the
// admin hardware API and deleted at the end.

const run = Date.now().toString(36);

interface Item {
  id: string;
  name: string;
  pricePence: number;
}

const itemBody = (name: string, pricePence: number, inStock = true) => ({
  name,
  brand: 'cisco',
  model: `LIVE-${name.replace(/\W+/g, '-')}`,
  pricePence,
  shortDesc: 'A desk phone made by the live pages test.',
  features: ['SIP'],
  compatibility: ['Talkbridge'],
  inStock,
  status: 'published',
});

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/hardware$/);
  return page;
}

async function createPhone(admin: Page, name: string, pricePence: number): Promise<Item> {
  const response = await admin.request.post('/api/hardware/', { headers: { 'X-CSRF-Token': await csrfToken(admin) }, data: itemBody(name, pricePence) });
  expect(response.status()).toBe(201);
  return (await response.json()) as Item;
}

async function updatePhone(admin: Page, item: Item, pricePence: number, inStock: boolean) {
  const response = await admin.request.put(`/api/hardware/${item.id}/`, { headers: { 'X-CSRF-Token': await csrfToken(admin) }, data: itemBody(item.name, pricePence, inStock) });
  expect(response.status()).toBe(200);
}

async function deletePhone(admin: Page, item: Item) {
  const response = await admin.request.delete(`/api/hardware/${item.id}/`, { headers: { 'X-CSRF-Token': await csrfToken(admin) } });
  expect(response.status()).toBe(204);
}

/** The page's HTML as the server sends it: what a crawler or a browser without JavaScript gets. */
async function servedHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  return response.text();
}

interface Offer {
  price: string;
  priceCurrency: string;
  availability: string;
}

interface ProductLd {
  '@type': string;
  name: string;
  sku: string;
  offers: Offer;
}

/** The Products of the page's JSON-LD (a CollectionPage whose main entity lists them). */
function productsOf(html: string): ProductLd[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
  return blocks.flatMap((block) => {
    const list = (block.mainEntity as { itemListElement?: { item: ProductLd }[] } | undefined)?.itemListElement ?? [];
    return list.map((entry) => entry.item);
  });
}

test("/hardware's HTML, fetched without JavaScript, names a phone an admin just added, at its price, with Product JSON-LD, and follows each change at once", async ({ browser, request }) => {
  const admin = await adminPage(browser);
  const phone = await createPhone(admin, `Live Desk Phone ${run}`, 12345);
  try {
    // Asked right after the change (no wait): the server renders from the catalogue it keeps
    // current on every change.
    let html = await servedHtml(request, '/hardware');
    expect(html).not.toContain('Loading Cisco phones');
    expect(html).toContain(phone.name);
    expect(html).toContain('£123.45');
    let product = productsOf(html).find((entry) => entry.sku === phone.id);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: phone.name,
      offers: { price: '123.45', priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
    });

    await updatePhone(admin, phone, 9900, false);
    html = await servedHtml(request, '/hardware');
    expect(html).toContain('£99.00');
    expect(html).not.toContain('£123.45');
    product = productsOf(html).find((entry) => entry.sku === phone.id);
    expect(product?.offers).toMatchObject({ price: '99.00', availability: 'https://schema.org/OutOfStock' });

    // A browser without JavaScript sees the phone, its price and its stock.
    const noScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await noScript.goto('/hardware');
    const card = noScript.getByRole('article').filter({ hasText: phone.name });
    await expect(card).toContainText('£99.00');
    await expect(card).toContainText(/out of stock/i);
  } finally {
    await deletePhone(admin, phone);
  }
  const html = await servedHtml(request, '/hardware');
  expect(html).not.toContain(phone.name);
  expect(productsOf(html).some((entry) => entry.sku === phone.id)).toBe(false);
});

test('the live pages hydrate from the data they were rendered with: no mismatch, no loading state, a brand link still picks its tab', async ({ page }) => {
  const errors = consoleErrors(page);
  for (const path of ['/hardware', '/all-phone-numbers', '/mobile-numbers', '/international-numbers', '/free-trial-numbers']) {
    await openLive(page, path);
    await page.waitForLoadState('networkidle');
  }
  // The server has no hash: /hardware#yealink hydrates as served (every brand), then shows Yealink's tab.
  await openLive(page, '/hardware#yealink');
  await expect(page.getByRole('tab', { name: /Yealink/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Yealink Phones' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cisco Phones' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a number page's HTML holds the first page of numbers the API answers for its opening search", async ({ request }) => {
  const answer = await request.get('/api/available_numbers/?page=1&per_page=20&country_code=GB&numberType=mobile&mobile_prefix=07');
  expect(answer.ok()).toBe(true);
  const { numbers } = (await answer.json()) as { numbers: { displayValue: string }[] };
  expect(numbers.length).toBeGreaterThan(0);
  const html = await servedHtml(request, '/mobile-numbers');
  for (const number of numbers.slice(0, 5)) expect(html).toContain(number.displayValue);
  // The data block the browser hydrates from holds the same answer.
  expect(html).toContain('id="preloaded-data"');
});
