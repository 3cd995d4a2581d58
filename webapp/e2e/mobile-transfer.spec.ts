import { expect, test, type Page } from '@playwright/test';
import { buyOnPlansPage, freshStart } from './helpers';
import { CARDS, checkoutFromCartDropdown, completeOrder, continueToPayment, expectThankYou, fillAccount, fillCard, newAccount } from './service-checkout';
import { signIn, SUPPORT_EMAIL, SUPPORT_PASSWORD } from './staff';

// Transfers for every kind of number the pages offer, against the real server: a UK mobile
// moves with its PAC code (checked on the page, then bought and followed into the support
// console, where staff see the PAC), and a number from abroad is offered a quote for
// international porting with the number filled in.

const MOBILE_DISPLAY = '07700 900123';
const MOBILE_VALUE = '07700900123';

const transfers = (page: Page) => page.getByRole('region', { name: 'Number transfers' });
const portArticle = (page: Page) => transfers(page).getByRole('article', { name: MOBILE_DISPLAY });

test('a mobile with its PAC goes through checkout and reaches the support console showing the PAC', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const account = newAccount('Mo');

  await buyOnPlansPage(page, 'Single User');
  await page.getByRole('link', { name: 'Continue to Phone Numbers' }).click();
  await expect(page).toHaveURL(/\/all-phone-numbers\?checkout=true$/);
  await page.getByRole('tab', { name: 'Transfer my number' }).click();
  await page.getByLabel('Number to transfer').fill(MOBILE_DISPLAY);
  const pac = page.getByLabel('PAC code');
  await expect(pac).toHaveAccessibleDescription('Text PAC to 65075 from the phone to get it; it is valid for 30 days.');

  // The error state: a malformed PAC is refused on the page, next to the field, and nothing is added.
  await pac.fill('AB1234567');
  await page.getByRole('button', { name: 'Add number' }).click();
  await expect(pac).toHaveAccessibleDescription(/^A PAC code is 3 letters then 6 digits, like ABC123456\./);
  await expect(pac).toBeFocused();
  const selection = page.getByRole('complementary', { name: 'Your selected numbers' });
  await expect(selection.getByRole('listitem')).toHaveCount(0);

  await pac.fill('abc 123 456');
  await page.getByRole('button', { name: 'Add number' }).click();
  await expect(selection.getByRole('listitem')).toHaveText(new RegExp(`^${MOBILE_DISPLAY} \\(transfer\\)`));
  await expect(page.getByLabel('Number to transfer')).toHaveValue('');
  await selection.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/add-ons/);

  await checkoutFromCartDropdown(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, account);
  await continueToPayment(page);
  await fillCard(page, CARDS.ok);
  await completeOrder(page).click();
  await expectThankYou(page);
  const orderNumber = (await page.getByText(/^SB-\d{6}$/).textContent()) ?? '';

  // The buyer's page: nothing to sign, and the PAC is never shown back.
  await expect(portArticle(page).locator('.transfer-state strong')).toHaveText('Details confirmed', { timeout: 30_000 });
  await expect(portArticle(page)).toContainText('We have your PAC code, so there is nothing to sign.');
  await expect(page.getByRole('form', { name: 'Confirm your transfer details' })).toHaveCount(0);
  await expect(page.getByText('ABC123456')).toHaveCount(0);

  // Support staff, in their own browser: the transfer is open, with the PAC in place of the letter of authority.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/admin/transfers');
  await signIn(staff, SUPPORT_EMAIL, SUPPORT_PASSWORD);
  await expect(staff).toHaveURL(/\/admin\/transfers$/);
  const row = staff.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toContainText(MOBILE_VALUE);
  await expect(row).toContainText('Details confirmed');
  await row.getByRole('link', { name: orderNumber }).click();
  const block = staff.getByRole('article', { name: `Transfer of ${MOBILE_VALUE}` });
  await expect(block.locator('dt', { hasText: 'PAC code' }).locator('+ dd')).toHaveText('ABC123456');
  await expect(block.locator('dt', { hasText: 'Signed by' })).toHaveCount(0);
  await expect(block.getByRole('button')).toHaveText(['Submit to provider', 'Reject']);
  await block.getByRole('button', { name: 'Submit to provider' }).click();
  await expect(block).toContainText('Submitted to your current provider');

  await page.reload();
  await expect(portArticle(page).locator('.transfer-state strong')).toHaveText('Submitted to your current provider');
  await staffContext.close();
});

test('international: a number from abroad offers a quote for international porting with the number filled in', async ({ page }) => {
  await freshStart(page, '/international-numbers');
  await page.getByRole('tab', { name: 'Transfer my number' }).click();
  await expect(page.getByText(/We arrange international porting on a quote/)).toBeVisible();
  await page.getByLabel('Number to transfer').fill('+33 1 23 45 67 89');
  await page.getByRole('button', { name: 'Add number' }).click();
  const offer = page.getByRole('link', { name: 'Request a quote for international porting' });
  await expect(offer).toBeFocused();
  await expect(page.getByRole('complementary', { name: 'Your selected numbers' }).getByRole('listitem')).toHaveCount(0);

  await offer.click();
  await expect(page).toHaveURL(/\/quote\?product=internationalPorting&number=/);
  await expect(page.getByRole('radio', { name: 'International number porting' })).toBeChecked();
  await expect(page.getByLabel('Anything else we should know (optional)')).toHaveValue('Please quote for moving my number +33 1 23 45 67 89 to us.');
});
