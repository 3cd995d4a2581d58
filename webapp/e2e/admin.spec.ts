import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, csrfToken, signIn } from './staff';

/** Staff journeys against the real server, as the admin of staff.ts. */

/** Unique per run, so runs against the same database do not see each other's items. */
const run = Date.now().toString(36);

/** A 1x1 PNG. */
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface Item {
  id: string;
  brand: string;
  name: string;
  pricePence: number;
  status: string;
  features: string[];
  images: { id: string; url: string; filename: string }[];
}

/** Opens the manager and signs in through the redirect. */
async function openManager(page: Page) {
  await page.goto('/admin/hardware');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fhardware$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/hardware$/);
  await expect(page.getByRole('tab', { name: /^All Items \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
}

/** Creates a draft through the API with the browser's session (cookie) and its CSRF token. */
async function createThroughApi(page: Page, name: string): Promise<Item> {
  const request: APIRequestContext = page.request;
  const response = await request.post('/api/hardware/', {
    headers: { 'X-CSRF-Token': await csrfToken(page) },
    data: { name, brand: 'cisco', model: `M-${name}`, pricePence: 4999, features: ['SIP'], compatibility: ['Talkbridge'] },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Item;
}

test('a visitor who opens /admin/hardware is sent to sign in; wrong details are refused, the right ones bring them back', async ({ page }) => {
  await page.goto('/admin/hardware');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fhardware$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff sign-in');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  // One wrong attempt only: five a minute from one address would lock the test run out.
  await signIn(page, ADMIN_EMAIL, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/hardware$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hardware manager');
  await expect(page.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible();

  // Signing out ends the session: the manager asks to sign in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fhardware$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/me')).status()).toBe(401);
  // /admin opens the page of the staff member's role, once signed in.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/hardware$/);
});

test('the admin creates a Yealink phone with two features and a PNG, publishes it, finds it on /hardware, edits its price, sees the audit entry and deletes it', async ({ page, context }) => {
  const name = `Yealink E2E ${run}`;
  await openManager(page);
  await page.getByRole('tab', { name: 'Add New Item' }).click();
  const form = page.getByRole('form', { name: 'New hardware item' });

  // Upload needs a brand first.
  await form.getByLabel('Upload images').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByRole('alert')).toHaveText('Please select a brand before uploading images');

  await form.getByLabel('Product name').fill(name);
  await form.getByLabel('Brand').selectOption('Yealink');
  await form.getByLabel('Model').fill(`T5-${run}`);
  await form.getByLabel('Price (£, ex VAT)').fill('129.99');
  await form.getByLabel('Original price (£)').fill('149.5');
  await form.getByLabel('Gross weight (kg)').fill('1.25');
  await form.getByLabel('Short description').fill('Made by the browser test');
  await form.getByLabel('Feature 1', { exact: true }).fill('HD voice');
  await form.getByRole('button', { name: 'Add feature' }).click();
  await form.getByLabel('Feature 2', { exact: true }).fill('Wi-Fi');
  await form.getByLabel('Compatibility 1', { exact: true }).fill('Talkbridge');
  await form.getByLabel('Status').selectOption('Published');
  await form.getByLabel('Upload images').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: tinyPng });
  const thumbnail = form.getByRole('list', { name: 'Item images' }).getByRole('img');
  await expect(thumbnail).toHaveCount(1);
  await expect(thumbnail).toHaveAttribute('src', /^\/api\/hardware-images\//);

  const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/hardware/');
  await form.getByRole('button', { name: 'Create' }).click();
  const item = (await (await created).json()) as Item;
  await expect(page.getByRole('status').filter({ hasText: 'Item created successfully' })).toBeVisible();
  // Back on the list after 1.5 s.
  await expect(page.getByRole('tab', { name: /^All Items/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Item created successfully' })).toBeHidden({ timeout: 5_000 });

  // As the server holds it: pence, grams, two features, the image, published.
  expect(item).toMatchObject({ brand: 'yealink', name, pricePence: 12999, originalPricePence: 14950, grossWeightGrams: 1250, status: 'published', features: ['HD voice', 'Wi-Fi'] });
  expect(item.images).toHaveLength(1);
  const publicItem = await page.request.get(`/api/hardware/${item.id}/`);
  expect(publicItem.ok()).toBe(true);
  expect(((await publicItem.json()) as Item).images[0].url).toBe(item.images[0].url);
  expect((await page.request.get(item.images[0].url)).headers()['content-type']).toBe('image/png');

  // In the list, with its details and the link to the public page.
  await page.getByRole('searchbox', { name: 'Search' }).fill(run);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('£129.99');
  await expect(row.locator('s')).toHaveText('was £149.50');
  await expect(row).toContainText('Published');
  await row.getByRole('button', { name: `View details of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toContainText('1.25 kg');
  const viewOnSite = dialog.getByRole('link', { name: 'View on Site' });
  await expect(viewOnSite).toHaveAttribute('href', `/hardware#yealink-${item.id}`);
  const [shop] = await Promise.all([context.waitForEvent('page'), viewOnSite.click()]);
  await expect(shop).toHaveURL(new RegExp(`/hardware#yealink-${item.id}$`));
  const card = shop.getByRole('region', { name: 'Yealink Phones' }).getByRole('article', { name, exact: true });
  await expect(card).toBeVisible();
  await expect(card).toContainText('£129.99');
  await expect(card).toHaveClass(/is-highlighted/);
  await shop.close();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Edit the price; the audit tab shows who changed it from what to what.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('tab', { name: 'Edit Item' })).toHaveAttribute('aria-selected', 'true');
  const price = page.getByLabel('Price (£, ex VAT)');
  await expect(price).toHaveValue('129.99');
  await price.fill('119.5');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Item updated successfully' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^All Items/ })).toHaveAttribute('aria-selected', 'true');
  expect(((await (await page.request.get(`/api/hardware/${item.id}/`)).json()) as Item).pricePence).toBe(11950);

  await page.getByRole('tab', { name: 'Audit' }).click();
  await page.getByLabel('Item').selectOption({ label: name });
  const audit = page.getByRole('table', { name: 'Audit log' });
  const latest = audit.getByRole('row').nth(1);
  await expect(latest).toContainText('updated');
  await expect(latest).toContainText(ADMIN_EMAIL);
  await expect(latest).toContainText('Price: £129.99 → £119.50');
  await expect(latest.locator('time')).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}$/);
  await expect(audit).toContainText('image added');
  await expect(audit).toContainText('created');

  // Clean up (the shop's own journeys read the published catalogue): delete it, after the confirmation.
  await page.getByRole('tab', { name: /^All Items/ }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(run);
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this item? This action cannot be undone.');
    void dialog.accept();
  });
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Item deleted successfully' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  expect((await page.request.get(`/api/hardware/${item.id}/`)).status()).toBe(404);
});

test('bulk delete of two items asks with the count and removes both', async ({ page }) => {
  await openManager(page);
  const first = await createThroughApi(page, `Bulk ${run} A`);
  const second = await createThroughApi(page, `Bulk ${run} B`);
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Bulk ${run}`);
  const rows = page.getByRole('row', { name: new RegExp(`Bulk ${run} [AB]`) });
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('tab', { name: /^All Items/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('checkbox', { name: 'Select all items' }).check();
  await expect(page.getByRole('checkbox', { name: `Select ${first.name}` })).toBeChecked();

  // Dismissed: nothing goes.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete 2 items? This action cannot be undone.');
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  await expect(rows).toHaveCount(2);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 items deleted successfully' })).toBeVisible();
  await expect(page.getByText('No hardware items found.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Selected (0)' })).toBeDisabled();
  // The banner clears after 3 s.
  await expect(page.getByRole('status').filter({ hasText: '2 items deleted successfully' })).toBeHidden({ timeout: 5_000 });

  const all = (await (await page.request.get('/api/admin/hardware/')).json()) as { items: Item[] };
  expect(all.items.map((item) => item.id)).not.toContain(first.id);
  expect(all.items.map((item) => item.id)).not.toContain(second.id);
});
