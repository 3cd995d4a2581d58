import { expect, test } from '@playwright/test';
import { freshStart, planCard } from './helpers';

test('plans page: Multi User steps 4 -> 8 -> 4 and refuses 3', async ({ page }) => {
  await freshStart(page, '/plans-and-pricing');
  const multi = planCard(page, 'Multi User');
  const users = multi.getByRole('spinbutton', { name: 'Users' });
  const minus = multi.getByRole('button', { name: 'Decrease users' });
  const plus = multi.getByRole('button', { name: 'Increase users' });

  await expect(users).toHaveValue('4');
  await expect(minus).toBeDisabled();
  await expect(multi.getByText(/^Total:/)).toContainText('£14.90');

  await plus.click();
  await expect(users).toHaveValue('8');
  await expect(minus).toBeEnabled();
  await expect(multi.getByText(/^Total:/)).toContainText('£29.80');

  await minus.click();
  await expect(users).toHaveValue('4');
  await expect(minus).toBeDisabled();

  await users.fill('3');
  await users.press('Tab');
  await expect(users).toHaveValue('4');

  // A browser number field takes no letters; an emptied field is ignored likewise.
  await users.fill('');
  await users.press('Tab');
  await expect(users).toHaveValue('4');
});

test('plans page: Single User starts at 1 with minus disabled; typing 0 gives 1', async ({ page }) => {
  await freshStart(page, '/plans-and-pricing');
  const single = planCard(page, 'Single User');
  await expect(single.getByRole('spinbutton', { name: 'Users' })).toHaveValue('1');
  await expect(single.getByRole('button', { name: 'Decrease users' })).toBeDisabled();
  await single.getByRole('spinbutton', { name: 'Users' }).fill('0');
  await single.getByRole('spinbutton', { name: 'Users' }).press('Enter');
  await expect(single.getByRole('spinbutton', { name: 'Users' })).toHaveValue('1');
});

test('home page: quantities start at 0; the first plus sets 1 (4 for Multi User)', async ({ page }) => {
  await freshStart(page, '/');
  for (const name of ['Pay As You Go', 'Single User', 'Multi User'] as const) {
    const card = planCard(page, name);
    await expect(card.getByRole('spinbutton', { name: 'Users' })).toHaveValue('0');
    await expect(card.getByRole('button', { name: 'Decrease users' })).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  }

  const single = planCard(page, 'Single User');
  await single.getByRole('button', { name: 'Increase users' }).click();
  await expect(single.getByRole('spinbutton', { name: 'Users' })).toHaveValue('1');
  await expect(single.getByRole('button', { name: 'Decrease users' })).toBeDisabled();
  await expect(single.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  await expect(single.getByText(/^Total:/)).toContainText('£4.99 per month');

  const multi = planCard(page, 'Multi User');
  await multi.getByRole('button', { name: 'Increase users' }).click();
  await expect(multi.getByRole('spinbutton', { name: 'Users' })).toHaveValue('4');
  await multi.getByRole('button', { name: 'Increase users' }).click();
  await expect(multi.getByRole('spinbutton', { name: 'Users' })).toHaveValue('8');
  await multi.getByRole('button', { name: 'Decrease users' }).click();
  await expect(multi.getByRole('spinbutton', { name: 'Users' })).toHaveValue('4');
  await expect(multi.getByRole('button', { name: 'Decrease users' })).toBeDisabled();

  await multi.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await expect(page.getByText('No add-ons apply to the Multi User plan')).toBeVisible();
});
