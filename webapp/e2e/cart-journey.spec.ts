import { expect, test } from '@playwright/test';
import { cartButton, freshStart, openLive, planCard } from './helpers';

test('Single User yearly x2, call recording, reload keeps the cart, removing the package goes back to the plans', async ({ page }) => {
  await freshStart(page, '/plans-and-pricing');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // Switch to yearly by clicking the label.
  await page.getByRole('button', { name: 'Yearly', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Yearly billing' })).toHaveAttribute('aria-checked', 'true');

  const single = planCard(page, 'Single User');
  await single.getByRole('button', { name: 'Increase users' }).click();
  await expect(single.getByRole('spinbutton', { name: 'Users' })).toHaveValue('2');
  await expect(single.getByText(/^Total:/)).toContainText('£95.80 per year');
  await single.getByRole('button', { name: 'Buy Now' }).click();

  await expect(page).toHaveURL(/\/add-ons$/);
  await expect(page.getByText('Single User x2 (Yearly)')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  await page.getByRole('button', { name: 'Add Call recording' }).click();
  await expect(page.getByRole('button', { name: 'Remove Call recording' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText('Total per year');

  const cartId = await page.evaluate(() => window.localStorage.getItem('cartId'));
  expect(cartId).toMatch(/^[0-9a-f-]{36}$/);

  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await expect(page.getByRole('button', { name: 'Remove Call recording' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => window.localStorage.getItem('cartId'))).toBe(cartId);

  await cartButton(page).click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  await expect(panel).toContainText('Single User x2 (Yearly)');
  await expect(panel).toContainText('Call recording');
  await panel.getByRole('button', { name: /^Remove Single User/ }).click();

  await expect(page).toHaveURL(/\/plans-and-pricing$/);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

test('desk phones stay in the cart when a plan is chosen, and the dropdown and totals keep them', async ({ page, request }) => {
  const all = await (await request.get('/api/hardware/')).json();
  const phone = all.items.find((item: { inStock: boolean }) => item.inStock);
  const brand = phone.brand.charAt(0).toUpperCase() + phone.brand.slice(1);
  await freshStart(page, `/hardware#${phone.brand}`);
  const card = page.getByRole('region', { name: `${brand} Phones` }).getByRole('article', { name: phone.name, exact: true });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.getByText(`Added 1 × ${phone.name} to your cart.`)).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  // Live, with the cart loaded, before the click: under load with two workers a Buy Now
  // pressed earlier left the dropdown showing the plan it replaced.
  await openLive(page, '/plans-and-pricing');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await planCard(page, 'Single User').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await cartButton(page).click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  await expect(panel).toContainText('Single User x1 (Monthly)');
  await expect(panel).toContainText(phone.name);
  // Choosing another plan replaces the package and still keeps the phone.
  await openLive(page, '/plans-and-pricing');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await planCard(page, 'Multi User').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await cartButton(page).click();
  await expect(panel).toContainText(phone.name);
  await expect(panel).not.toContainText('Single User');
  const cartId = await page.evaluate(() => window.localStorage.getItem('cartId'));
  const cart = await (await request.get(`/api/carts/${cartId}`)).json();
  expect(cart.items.map((item: { type: string }) => item.type)).toEqual(['package', 'hardware']);
  expect(cart.totals.hardwarePence).toBe(phone.pricePence);
});

test('the cart dropdown opens on its button and closes on an outside click', async ({ page }) => {
  await freshStart(page, '/plans-and-pricing');
  await planCard(page, 'Single User').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await cartButton(page).click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(panel).toBeHidden();
});

test('a stored id of a cart the server does not know is dropped', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('cartId', '00000000-0000-4000-8000-000000000000'));
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cartId'))).toBeNull();
});
