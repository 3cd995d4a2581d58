import { expect, test, type Page } from '@playwright/test';
import { buyOnPlansPage } from './helpers';
import { CARDS, checkoutFromCartDropdown, completeOrder, continueToPayment, expectThankYou, fillAccount, fillCard, newAccount } from './service-checkout';
import { signIn, SUPPORT_EMAIL, SUPPORT_PASSWORD } from './staff';

// A number transfer (port) from the buyer's order page to the staff console, against the real
// server: the buyer orders Single User with a number to transfer, signs the letter of authority
// on the thank-you page, and support staff, in a second browser, take the transfer to its end.

const TRANSFER_DISPLAY = '020 7946 0123';
const TRANSFER_VALUE = '02079460123';

const transfers = (page: Page) => page.getByRole('region', { name: 'Number transfers' });
const portArticle = (page: Page) => transfers(page).getByRole('article', { name: TRANSFER_DISPLAY });
const portStatus = (page: Page) => portArticle(page).locator('.transfer-state strong');
const detailsForm = (page: Page) => page.getByRole('form', { name: 'Confirm your transfer details' });
const staffPort = (page: Page) => page.getByRole('article', { name: `Transfer of ${TRANSFER_VALUE}` });

/** A day a week from now as YYYY-MM-DD (safely after today in any time zone). */
function aWeekFromNow(): string {
  return new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

test('buyer signs the letter of authority and sees the port’s state change after staff act', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const account = newAccount('Pat');

  // Single User, then the number to transfer on the numbers page's transfer tab.
  await buyOnPlansPage(page, 'Single User');
  await page.getByRole('link', { name: 'Continue to Phone Numbers' }).click();
  await expect(page).toHaveURL(/\/all-phone-numbers\?checkout=true$/);
  await page.getByRole('tab', { name: 'Transfer my number' }).click();
  await page.getByLabel('Number to transfer').fill(TRANSFER_DISPLAY);
  await page.getByRole('button', { name: 'Add number' }).click();
  const selection = page.getByRole('complementary', { name: 'Your selected numbers' });
  await expect(selection.getByRole('listitem')).toHaveText(new RegExp(`^${TRANSFER_DISPLAY} \\(transfer\\)`));
  await selection.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/add-ons/);

  // Paid by card; the thank-you page follows the order until it is complete and its transfer appears.
  await checkoutFromCartDropdown(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, account);
  await continueToPayment(page);
  await fillCard(page, CARDS.ok);
  await completeOrder(page).click();
  await expectThankYou(page);
  const orderNumber = (await page.getByText(/^SB-\d{6}$/).textContent()) ?? '';
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';

  await expect(portStatus(page)).toHaveText('Waiting for your details', { timeout: 30_000 });
  await expect(portArticle(page).getByRole('list', { name: `Transfer of ${TRANSFER_DISPLAY}` }).locator('[aria-current="step"]')).toContainText('Requested');

  // First a postcode that is not a UK one: its message next to the field, nothing sent.
  const form = detailsForm(page);
  await form.getByLabel('Account holder (as on the current provider’s bill)').fill('Example Widgets Ltd');
  await form.getByLabel('Current provider', { exact: true }).fill('BT');
  await form.getByLabel('Billing postcode', { exact: true }).fill('12345');
  await form.getByLabel('Type your full name to sign', { exact: true }).fill('Pat Tester');
  await form.getByRole('checkbox', { name: 'I authorise Talkbridge to transfer this number' }).check();
  await form.getByRole('button', { name: 'Sign and confirm' }).click();
  await expect(form.getByLabel('Billing postcode', { exact: true })).toHaveAccessibleDescription(/^Enter the billing postcode of the current account as a UK postcode, like SW1A 1AA\./);
  await expect(form.getByLabel('Billing postcode', { exact: true })).toBeFocused();

  await form.getByLabel('Billing postcode', { exact: true }).fill('sw1a 1aa');
  await form.getByRole('button', { name: 'Sign and confirm' }).click();
  await expect(portArticle(page).getByRole('status')).toHaveText('Thank you: we have your transfer details and your signed letter of authority.');
  await expect(portStatus(page)).toHaveText('Details confirmed');
  await expect(portArticle(page)).toContainText('Letter of authority signed by Pat Tester');
  await expect(portArticle(page).getByRole('button', { name: 'Correct details' })).toBeVisible();

  // Staff, in their own browser: the transfer is in the open list, and they take it to the end.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/admin/transfers');
  await signIn(staff, SUPPORT_EMAIL, SUPPORT_PASSWORD);
  await expect(staff).toHaveURL(/\/admin\/transfers$/);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Transfers');
  const row = staff.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toContainText(TRANSFER_VALUE);
  await expect(row).toContainText('Details confirmed');
  await expect(row).toContainText(/\d+ business days?/);
  await row.getByRole('link', { name: orderNumber }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/orders/service/${orderId}$`));

  const block = staffPort(staff);
  await expect(block).toContainText('Details confirmed');
  await expect(block.locator('dt', { hasText: 'Billing postcode' }).locator('+ dd')).toHaveText('SW1A 1AA');
  await expect(block.locator('dt', { hasText: 'Signed by' }).locator('+ dd')).toHaveText('Pat Tester');
  await expect(block.getByRole('button')).toHaveText(['Submit to provider', 'Reject']);
  await block.getByRole('button', { name: 'Submit to provider' }).click();
  await expect(staff.getByText(`Transfer of ${TRANSFER_VALUE} submitted to the provider; the buyer has been e-mailed.`)).toBeVisible();
  await expect(block).toContainText('Submitted to your current provider');

  // The buyer's page, read again: submitted, so no more corrections.
  await page.reload();
  await expect(portStatus(page)).toHaveText('Submitted to your current provider');
  await expect(portArticle(page).getByRole('button', { name: 'Correct details' })).toHaveCount(0);

  const day = aWeekFromNow();
  await block.getByLabel('Transfer date', { exact: true }).fill(day);
  await block.getByRole('button', { name: 'Set date' }).click();
  await expect(block.getByRole('button', { name: 'Mark transferred' })).toBeVisible();
  await expect(block).toContainText('Transfer date set');

  await page.reload();
  await expect(portStatus(page)).toHaveText('Transfer date set');
  await expect(portArticle(page).getByText(/^Your number moves on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();

  await block.getByRole('button', { name: 'Mark transferred' }).click();
  await expect(block).toContainText('Transferred: nothing more to do.');

  await page.reload();
  await expect(portStatus(page)).toHaveText('Transferred');
  await expect(portArticle(page).getByRole('list', { name: `Transfer of ${TRANSFER_DISPLAY}` }).locator('[aria-current="step"]')).toContainText('Transferred');

  // The buyer was e-mailed at each change.
  await staff.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Mail' }).click();
  await expect(staff).toHaveURL(/\/admin\/mail$/);
  const portMails = staff.getByRole('row').filter({ hasText: `Transfer of ${TRANSFER_VALUE}` }).filter({ hasText: account.email });
  await expect(portMails.getByRole('rowheader')).toHaveText(
    [
      `Transfer of ${TRANSFER_VALUE}: transferred`,
      `Transfer of ${TRANSFER_VALUE}: transfer date set`,
      `Transfer of ${TRANSFER_VALUE}: submitted to your current provider`,
      `Transfer of ${TRANSFER_VALUE}: details confirmed`,
    ],
    { useInnerText: true },
  );

  // Nothing of this order left waiting (other journeys' transfers may be).
  await staff.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Transfers' }).click();
  await expect(staff).toHaveURL(/\/admin\/transfers$/);
  await expect(staff.getByText('No transfers waiting.').or(staff.locator('table.admin-table[aria-busy="false"]'))).toBeVisible();
  await expect(staff.getByRole('row').filter({ hasText: account.email })).toHaveCount(0);
  await staffContext.close();
});
