import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cartButton, freshStart } from './helpers';

/** An item as GET /api/hardware/ lists it (api/API.md "Hardware catalogue"). */
interface Item {
  id: string;
  brand: string;
  name: string;
  pricePence: number;
  inStock: boolean;
  features: string[];
  images: { url: string }[];
}

/** The seeded catalogue as the server publishes it (the demo data may change; the test reads it). */
async function published(request: APIRequestContext, brand?: string): Promise<Item[]> {
  const response = await request.get(`/api/hardware/${brand ? `?brand=${brand}` : ''}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { items: Item[] };
  expect(Array.isArray(body.items)).toBe(true);
  return body.items;
}

/** How the page shows pence (display only, as the app's formatPence). */
function pounds(pence: number): string {
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

function productCard(page: Page, item: Item) {
  return page.getByRole('region', { name: `${brandName(item.brand)} Phones` }).getByRole('article', { name: item.name, exact: true });
}

test('Yealink: open a phone, flip its gallery, add two to the cart; the badge and the cart line follow', async ({ page, request }) => {
  const yealink = await published(request, 'yealink');
  const item = yealink.find((entry) => entry.inStock && entry.images.length >= 2) ?? yealink.find((entry) => entry.inStock);
  expect(item, 'the seeded catalogue has an in-stock Yealink phone').toBeDefined();
  const phone = item!;

  await freshStart(page, '/hardware#yealink');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business Desk Phones');
  await expect(page.getByRole('tab', { name: 'Yealink' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region')).toHaveCount(1);
  await expect(page.getByText(`Showing ${yealink.length} ${yealink.length === 1 ? 'product' : 'products'}`)).toBeVisible();

  const card = productCard(page, phone);
  await expect(card.getByText(`${pounds(phone.pricePence)} ex VAT`)).toBeVisible();
  await expect(card.getByText('In Stock')).toBeVisible();
  await expect(card.getByRole('img', { name: /^Rated \d(\.5)? out of 5$/ })).toBeVisible();

  // Details.
  await card.getByRole('button', { name: 'Learn More' }).click();
  await expect(card.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
  if (phone.features.length > 0) await expect(card.getByText(phone.features[0], { exact: true })).toBeVisible();

  // The gallery: the served images load (none is dropped), next and previous wrap around.
  const count = phone.images.length;
  if (count >= 2) {
    await expect(card.getByRole('img', { name: `${phone.name}, image 1 of ${count}` })).toBeVisible();
    await expect(card.getByText(`1 / ${count}`)).toBeVisible();
    await card.getByRole('button', { name: 'Next image' }).click();
    await expect(card.getByText(`2 / ${count}`)).toBeVisible();
    await expect(card.getByRole('img', { name: `${phone.name}, image 2 of ${count}` })).toHaveAttribute('src', phone.images[1].url);
    await card.getByRole('button', { name: 'Previous image' }).click();
    await card.getByRole('button', { name: 'Previous image' }).click();
    await expect(card.getByText(`${count} / ${count}`)).toBeVisible();
    await card.getByRole('button', { name: 'Show image 1' }).click();
    await expect(card.getByText(`1 / ${count}`)).toBeVisible();
    await expect
      .poll(() => card.getByRole('img', { name: `${phone.name}, image 1 of ${count}` }).evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  } else {
    await expect(card.getByRole('img').first()).toBeVisible();
  }

  // Two of it in the cart.
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  const decrease = card.getByRole('button', { name: 'Decrease quantity' });
  await expect(decrease).toBeDisabled();
  await card.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(card.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.getByText(`Added 2 × ${phone.name} to your cart.`)).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  await cartButton(page).click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  const line = panel.getByRole('listitem').filter({ hasText: phone.name });
  await expect(line).toContainText(`${phone.name} × 2`);
  await expect(line).toContainText(pounds(phone.pricePence * 2));
  await expect(panel.getByRole('button', { name: 'Checkout' })).toBeVisible();

  // The cart survives a reload.
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
});

test('the header links and hash edits switch the brand tab; an unknown hash shows All', async ({ page }) => {
  await freshStart(page, '/hardware#grandstream');
  await expect(page.getByRole('tab', { name: 'Grandstream' })).toHaveAttribute('aria-selected', 'true');

  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await mainNav.getByRole('button', { name: /Services/ }).click();
  await mainNav.getByRole('link', { name: 'Cisco Phones' }).click();
  await expect(page).toHaveURL(/\/hardware#cisco$/);
  await expect(page.getByRole('tab', { name: 'Cisco' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Cisco Phones' })).toBeVisible();

  await page.evaluate(() => {
    window.location.hash = 'polycom';
  });
  await expect(page.getByRole('tab', { name: 'Polycom' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Yealink' }).click();
  await expect(page).toHaveURL(/\/hardware#yealink$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Polycom' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/hardware#not-a-brand');
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region')).toHaveCount(4);
});

test('/hardware#{brand}-{id} selects the brand, centres the phone and makes it glow for about 3 s', async ({ page, request }) => {
  const items = await published(request);
  expect(items.length, 'the seeded catalogue is published').toBeGreaterThan(0);
  // The last phone of the biggest brand is the one furthest down its list.
  const byBrand = new Map<string, Item[]>();
  for (const entry of items) byBrand.set(entry.brand, [...(byBrand.get(entry.brand) ?? []), entry]);
  const brand = [...byBrand.values()].sort((a, b) => b.length - a.length)[0];
  const target = brand[brand.length - 1];

  await freshStart(page, `/hardware#${target.brand}-${target.id}`);
  await expect(page.getByRole('tab', { name: brandName(target.brand) })).toHaveAttribute('aria-selected', 'true');
  const card = productCard(page, target);
  await expect(card).toHaveClass(/is-highlighted/);
  await expect(card).toBeInViewport();
  await expect(card).not.toHaveClass(/is-highlighted/, { timeout: 5_000 });
});

test("an out-of-stock phone says so and its Add to Cart is disabled", async ({ page, request }) => {
  const item = (await published(request)).find((entry) => !entry.inStock);
  expect(item, 'the seeded catalogue has an out-of-stock phone').toBeDefined();
  await freshStart(page, `/hardware#${item!.brand}`);
  const card = productCard(page, item!);
  await expect(card.getByText('Out of Stock')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});
