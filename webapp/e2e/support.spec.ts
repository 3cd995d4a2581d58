import { expect, test, type Locator, type Page } from '@playwright/test';
import { buySingleUserByCard, type PlacedOrder } from './service-checkout';
import { ADMIN_EMAIL, csrfToken, signIn, SUPPORT_EMAIL, SUPPORT_PASSWORD } from './staff';

// The support console against the real server: a real service order is placed and paid through
// the shop first (the Stripe stand-in's card), then staff find it and read or change its history.

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const timeline = (page: Page) => page.getByRole('list', { name: 'Events' });
const timelineEvents = (page: Page) => timeline(page).getByRole('listitem');
const sentenceOf = (event: Locator) => event.locator('.admin-event-sentence');
const emailItems = (page: Page) => page.getByRole('list', { name: 'E-mails' }).getByRole('listitem');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** On /admin/orders: searches for the order by its number and opens its page from the results. */
async function openFromSearch(page: Page, order: PlacedOrder) {
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?query=${order.orderNumber}$`));
  const row = page.getByRole('row', { name: new RegExp(order.orderNumber) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(order.account.email);
  await expect(row).toContainText('Service');
  await row.getByRole('link', { name: order.orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/service/${order.orderId}$`));
  await expect(heading(page)).toHaveText(order.orderNumber);
  await expect(timelineEvents(page).first()).toBeVisible();
}

test('support staff find a paid order by its SB- number, replay it to the payment, and cannot change the catalogue', async ({ page }) => {
  const order = await buySingleUserByCard(page, 'Sue');

  // /admin sends support staff to the orders once signed in.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  await signIn(page, SUPPORT_EMAIL, SUPPORT_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(heading(page)).toHaveText('Orders');
  await expect(page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`Signed in as ${SUPPORT_EMAIL} (support)`)).toBeVisible();

  await openFromSearch(page, order);
  // Placed, card set up, paid: a subscription paid by card, event by event up to the payment.
  const untilPaid = [
    /^Order placed: SB-\d{6} by /,
    /^Customer cus_\w+ registered with the card provider\.$/,
    /^Card form opened \(seti_\w+\)\.$/,
    /^Card set up \(pm_\w+\)\.$/,
    /^Payment of the subscription started\.$/,
    /^Subscription sub_\w+ created\.$/,
    /^Payment received for the subscription \(sub_\w+\)\.$/,
    /^Paid in full: every part of the order is paid\.$/,
  ];
  const paid = timelineEvents(page).filter({ has: page.locator('.admin-event-sentence', { hasText: /^Paid in full/ }) });
  await paid.getByRole('button', { name: 'Replay to here' }).click();
  await expect(page).toHaveURL(/\?upTo=\d+$/);
  const upTo = new URL(page.url()).searchParams.get('upTo');
  await expect(page.getByRole('heading', { level: 2, name: `State after event ${upTo}` })).toBeVisible();
  const replayed = timelineEvents(page).filter({ has: page.getByText('Replayed', { exact: true }) });
  await expect(sentenceOf(replayed)).toHaveText(untilPaid);
  await expect(timelineEvents(page).filter({ has: page.getByText('After replay point', { exact: true }) }).first()).toBeVisible();
  const state = page.getByRole('region', { name: `State after event ${upTo}` });
  await expect(state.locator('dt').first()).toHaveText('Status');
  await expect(state.locator('dd').first()).toHaveText('Paid');
  // The replay is a link: opened again, it shows the same.
  await page.reload();
  await expect(sentenceOf(replayed)).toHaveText(untilPaid);

  // The catalogue is read only for support staff: no edit controls, and the API refuses a change.
  await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Hardware' }).click();
  await expect(page).toHaveURL(/\/admin\/hardware$/);
  await expect(heading(page)).toHaveText('Hardware manager');
  await expect(page.getByText(/^Read only: /)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^All Items \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Add New Item' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  const list = (await (await page.request.get('/api/admin/hardware/')).json()) as { items: { id: string; name: string; brand: string; model: string; pricePence: number }[] };
  expect(list.items.length).toBeGreaterThan(0);
  const item = list.items[0];
  const refused = await page.request.put(`/api/hardware/${item.id}/`, {
    headers: { 'X-CSRF-Token': await csrfToken(page) },
    data: { name: `${item.name} (changed)`, brand: item.brand, model: item.model, pricePence: item.pricePence + 100, features: ['SIP'], compatibility: ['Talkbridge'] },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
  const after = (await (await page.request.get('/api/admin/hardware/')).json()) as { items: { id: string; name: string }[] };
  expect(after.items.find((entry) => entry.id === item.id)?.name).toBe(item.name);
});

test('an admin resends the confirmation e-mail: their event ends the timeline and a second e-mail is listed', async ({ page }) => {
  const order = await buySingleUserByCard(page, 'Rae');

  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await openFromSearch(page, order);

  // The order completes in the background after the thank-you page: read it again until it may be resent.
  const resend = page.getByRole('region', { name: 'Staff actions' }).getByRole('button', { name: 'Resend confirmation e-mail' });
  await expect(async () => {
    await page.reload();
    await expect(resend).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const events = await timelineEvents(page).count();
  const emails = await emailItems(page).count();
  expect(emails).toBeGreaterThanOrEqual(1);
  await expect(emailItems(page).first()).toContainText(`To ${order.account.email}`);

  await resend.click();
  await expect(page.getByRole('status').filter({ hasText: 'Confirmation e-mail queued to send again.' })).toBeVisible();
  await expect(timelineEvents(page)).toHaveCount(events + 1);
  const last = timelineEvents(page).last();
  await expect(sentenceOf(last)).toHaveText(new RegExp(`^Confirmation e-mail resent by ${escapeRegExp(ADMIN_EMAIL)}`));
  await expect(last).toContainText(`Staff: ${ADMIN_EMAIL}`);
  await expect(page.getByRole('heading', { level: 2, name: `State after event ${events + 1}` })).toBeVisible();
  await expect(emailItems(page)).toHaveCount(emails + 1);
  await expect(emailItems(page).last()).toContainText(`To ${order.account.email}`);
  await expect(page.getByRole('region', { name: 'Staff actions' }).getByRole('alert')).toHaveCount(0);

  // The mailbox shows the order's confirmation as the shop wrote it (no relay in the tests:
  // kept in the local mailbox within the outbox job's ten seconds).
  await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Mail' }).click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await expect(page.getByText(/No mail relay is set up/)).toBeVisible();
  const confirmation = page.getByRole('row').filter({ hasText: `Your order ${order.orderNumber} is confirmed` }).last();
  await expect(async () => {
    await page.reload();
    await expect(confirmation).toContainText('Kept here', { timeout: 1_000 });
  }).toPass({ timeout: 25_000 });
  await confirmation.getByRole('button').click();
  const reader = page.getByRole('region', { name: /^Your order SB-\d{6} is confirmed$/ });
  await expect(reader).toContainText(`Thank you for your order ${order.orderNumber}.`);
  await expect(reader).toContainText(order.account.email);
});
