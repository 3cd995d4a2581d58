import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshStart, planCard } from './helpers';
import {
  buySingleUserByCard,
  checkoutFromCartDropdown,
  completeOrder,
  continueToPayment,
  expectThankYou,
  fillAccount,
  fillCard,
  newAccount,
  type Account,
  CARDS,
} from './service-checkout';

// A buyer's invoices, card and notice on their order's page (/account/orders/:id), signed in with the checkout
// password: cancellation with notice (checked at the Stripe stand-in) and Keep my service, the
// card on file changed, and a Pay As You Go top-up, with a declined card's error.

/** The Stripe stand-in the server talks to: the host of the Stripe.js copy it hands out. */
async function standIn(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/api/checkout/config')).json()) as { stripeJsUrl: string };
  return new URL(config.stripeJsUrl).origin;
}

async function subscriptionAtStandIn(request: APIRequestContext, id: string) {
  const response = await request.get(`${await standIn(request)}/v1/subscriptions/${id}`, {
    headers: { Authorization: 'Bearer sk_test_e2e' },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { cancel_at_period_end: boolean; current_period_end: number };
}

/** The subscription the stand-in holds for the buyer's e-mail (their one customer). */
async function subscriptionOf(request: APIRequestContext, email: string): Promise<string> {
  const base = await standIn(request);
  const headers = { Authorization: 'Bearer sk_test_e2e' };
  const customers = (await (await request.get(`${base}/v1/customers?email=${encodeURIComponent(email)}`, { headers })).json()) as {
    data: { id: string }[];
  };
  const customer = customers.data[0]?.id;
  expect(customer).toBeTruthy();
  const subscriptions = (await (await request.get(`${base}/v1/subscriptions?customer=${customer}`, { headers })).json()) as {
    data: { id: string }[];
  };
  return subscriptions.data[0].id;
}

/** Types a card into the Change card form's stand-in card element (expiry 12/30, CVC 123). */
async function typeNewCard(page: Page, number: string) {
  const card = page.getByRole('group', { name: 'New card' });
  await card.getByPlaceholder('number', { exact: true }).fill(number);
  await card.getByPlaceholder('exp_month').fill('12');
  await card.getByPlaceholder('exp_year').fill('30');
  await card.getByPlaceholder('cvc').fill('123');
  await card.getByPlaceholder('postal_code').fill('ID11QD');
}

/** Signs in with the checkout password (the session cookie is the page's) and opens the order. */
async function openOrder(page: Page, account: Account, orderId: string) {
  const signedIn = await page.request.post('/api/account/sign-in', { data: { email: account.email, password: account.password } });
  expect(signedIn.ok()).toBe(true);
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Invoices and card' })).toBeVisible();
}

async function buyPayAsYouGo(page: Page): Promise<{ account: Account; orderId: string }> {
  const account = newAccount('Pat');
  await freshStart(page, '/plans-and-pricing');
  await planCard(page, 'Pay As You Go').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await checkoutFromCartDropdown(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, account);
  await continueToPayment(page);
  await fillCard(page, CARDS.ok);
  await completeOrder(page).click();
  await expectThankYou(page);
  return { account, orderId: new URL(page.url()).searchParams.get('order') ?? '' };
}

test('a subscription is cancelled at the end of its period, the stand-in says so, and Keep my service undoes it', async ({ page }) => {
  test.setTimeout(90_000);
  const order = await buySingleUserByCard(page, 'Cass');
  await openOrder(page, order.account, order.orderId);
  const invoicesAndCard = page.getByRole('region', { name: 'Invoices and card' });
  await expect(invoicesAndCard.getByTestId('invoice-row')).toHaveCount(1);
  await expect(invoicesAndCard.getByTestId('invoice-row')).toContainText('Paid');
  await expect(invoicesAndCard.getByTestId('card-on-file')).toContainText('ending 4242');

  await invoicesAndCard.getByRole('button', { name: 'Cancel service' }).click();
  await expect(invoicesAndCard.getByText(/30 days’ notice, as our terms say/)).toBeVisible();
  await invoicesAndCard.getByRole('button', { name: 'Confirm cancellation' }).click();
  const cancellation = invoicesAndCard.getByTestId('cancellation');
  await expect(cancellation).toContainText('Your service is cancelled: it ends on');
  const subscription = await subscriptionOf(page.request, order.account.email);
  const scheduled = await subscriptionAtStandIn(page.request, subscription);
  expect(scheduled.cancel_at_period_end).toBe(true);
  const ends = new Date(scheduled.current_period_end * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(cancellation.getByText(ends)).toBeVisible();

  await cancellation.getByRole('button', { name: 'Keep my service' }).click();
  await expect(cancellation.getByRole('button', { name: 'Cancel service' })).toBeVisible();
  expect((await subscriptionAtStandIn(page.request, subscription)).cancel_at_period_end).toBe(false);
});

test('the card on file is changed through the card form', async ({ page }) => {
  test.setTimeout(90_000);
  const order = await buySingleUserByCard(page, 'Cory');
  await openOrder(page, order.account, order.orderId);
  const invoicesAndCard = page.getByRole('region', { name: 'Invoices and card' });
  await invoicesAndCard.getByRole('button', { name: 'Change card' }).click();
  await typeNewCard(page, '5555555555554444');
  await invoicesAndCard.getByRole('button', { name: 'Save new card' }).click();
  await expect(invoicesAndCard.getByText('Your new card is saved')).toBeVisible();
  await expect(invoicesAndCard.getByTestId('card-on-file')).toContainText('ending 4444');
});

test('a Pay As You Go order is topped up by the card on file; a declined card buys nothing and says what to do', async ({ page }) => {
  test.setTimeout(120_000);
  const { account, orderId } = await buyPayAsYouGo(page);
  await openOrder(page, account, orderId);
  const credit = page.getByRole('region', { name: 'Pay As You Go credit' });
  await expect(credit.getByTestId('credit-balance')).toHaveText('£10.00');
  await credit.getByRole('radio', { name: '£20.00' }).check();
  await expect(credit.getByText('£20.00 of credit costs £24.00 with VAT')).toBeVisible();
  await credit.getByRole('button', { name: 'Top up £20.00' }).click();
  await expect(credit.getByRole('status')).toHaveText('Paid £24.00: £20.00 of credit is added.');
  await expect(credit.getByTestId('credit-balance')).toHaveText('£30.00');
  await expect(credit.getByRole('listitem')).toHaveCount(2);

  // The card on file becomes one whose charges the bank declines.
  const invoicesAndCard = page.getByRole('region', { name: 'Invoices and card' });
  await invoicesAndCard.getByRole('button', { name: 'Change card' }).click();
  await typeNewCard(page, CARDS.declinedCharge);
  await invoicesAndCard.getByRole('button', { name: 'Save new card' }).click();
  await expect(invoicesAndCard.getByTestId('card-on-file')).toContainText('ending 0341');
  await credit.getByRole('radio', { name: '£10.00' }).check();
  await credit.getByRole('button', { name: 'Top up £10.00' }).click();
  await expect(credit.getByRole('alert')).toContainText('Change the card on file, then try again.');
  await expect(credit.getByTestId('credit-balance')).toHaveText('£30.00');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Pay As You Go credit' }).getByTestId('credit-balance')).toHaveText('£30.00');
});

test('calls abroad are turned on with a monthly limit the owner sets, refused outside £1 to £500, and off again', async ({ page }) => {
  test.setTimeout(120_000);
  const { account, orderId } = await buyPayAsYouGo(page);
  await openOrder(page, account, orderId);
  const credit = page.getByRole('region', { name: 'Pay As You Go credit' });
  const status = credit.getByTestId('international-status');
  await expect(status).toContainText('Off: your phones cannot call numbers abroad.');
  await expect(status).toContainText('Western Europe, £0.03 a minute from your credit');

  const limit = credit.getByRole('textbox', { name: 'Monthly limit (£)' });
  await limit.fill('501');
  await credit.getByRole('button', { name: 'Turn calls abroad on' }).click();
  await expect(credit.getByRole('alert')).toHaveText('Enter a monthly limit in whole pounds, from £1 to £500.');
  await expect(status).toContainText('Off:');

  await limit.fill('25');
  await credit.getByRole('button', { name: 'Turn calls abroad on' }).click();
  await expect(credit.getByRole('status')).toHaveText('Calls abroad are on, up to £25.00 a month.');
  await expect(status).toContainText('On: up to £25.00 a month, £0.00 spent this month.');
  await page.reload();
  const again = page.getByRole('region', { name: 'Pay As You Go credit' });
  await expect(again.getByTestId('international-status')).toContainText('On: up to £25.00 a month');

  await again.getByRole('button', { name: 'Turn calls abroad off' }).click();
  await expect(again.getByRole('status')).toHaveText('Calls abroad are off.');
  await expect(again.getByTestId('international-status')).toContainText('Off: your phones cannot call numbers abroad.');
});
