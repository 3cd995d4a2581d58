import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buySingleUserByCard } from './service-checkout';
import { ADMIN_EMAIL, signIn } from './staff';

// A refund in the support console against the real server and the Stripe stand-in. The paid
// desk-phone order is made through the shop's API the way its checkout page calls it (the
// browser journey itself is hardware-checkout.spec.ts), with the card confirmed at the stand-in
// as Stripe.js would; the admin then refunds one returned phone in the console.

const STAND_IN = process.env.STRIPE_API_BASE ?? 'http://127.0.0.1:8420/';
const OK_CARD = '4242424242424242';

interface PaidOrder {
  id: string;
  orderNumber: string;
  phone: { id: string; name: string; pricePence: number };
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, unknown>> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** A confirmed order of two of an in-stock phone, paid by card at the stand-in. */
async function paidHardwareOrder(request: APIRequestContext): Promise<PaidOrder> {
  const { items } = (await ok(await request.get('/api/hardware/'))) as { items: { id: string; name: string; pricePence: number; inStock: boolean }[] };
  const phone = items.find((item) => item.inStock && item.pricePence > 0);
  expect(phone, 'the seeded catalogue has an in-stock phone').toBeDefined();
  const cart = (await ok(await request.post('/api/carts'))).id as string;
  await ok(await request.post(`/api/carts/${cart}/hardware`, { data: { productId: phone!.id, quantity: 2 } }));
  const customerInfo = {
    email: `refund.${Date.now()}@example.com`,
    firstName: 'Rita',
    lastName: 'Fund',
    phone: '07700 900123',
    address: { line1: '1 Example Road', line2: '', city: 'Testtown', postalCode: 'ID1 1QD', country: 'GB' },
  };
  // 'Complete Order' on the quote the page shows (its version).
  const quote = await ok(await request.get(`/api/hardware-checkout/quote?cartId=${cart}&shippingOption=economy`));
  const placed = await ok(
    await request.post('/api/hardware-orders', {
      data: { cartId: cart, shippingOption: 'economy', quoteVersion: quote.version, customerInfo, amount: 1 },
    }),
  );
  const id = placed.orderId as string;
  const secret = placed.orderSecret as string;
  const setup = await ok(await request.post(`/api/hardware-orders/${id}/card-setup`, { data: { orderSecret: secret } }));
  const clientSecret = setup.clientSecret as string;
  const seti = clientSecret.split('_secret_')[0];
  const confirmed = await ok(
    await request.post(`${STAND_IN}v1/setup_intents/${seti}/confirm`, {
      form: {
        key: 'pk_test_localstripe',
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': OK_CARD,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': '2031',
        'payment_method_data[card][cvc]': '123',
      },
    }),
  );
  const paid = await ok(
    await request.post('/api/create-hardware-payment/', {
      data: { order_id: id, order_secret: secret, payment_method_id: confirmed.payment_method, payment_type: 'hardware_purchase' },
    }),
  );
  expect(paid.status).toBe('succeeded');
  await ok(
    await request.post('/api/confirm-hardware-payment/', { data: { paymentIntentId: paid.payment_intent_id, orderId: id, orderSecret: secret } }),
  );
  return { id, orderNumber: placed.orderNumber as string, phone: phone! };
}

/** How the app shows pence (display only, as its formatPence). */
function pounds(pence: number): string {
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** One phone's refund: its price and the VAT on it (20%, rounded half up). */
const withVat = (pence: number) => pence + Math.floor((pence * 20 + 50) / 100);

const timelineEvents = (page: Page) => page.getByRole('list', { name: 'Events' }).getByRole('listitem');
const refundForm = (page: Page) => page.getByRole('form', { name: 'Refund' });

async function askRefund(page: Page, quantity: string) {
  const form = refundForm(page);
  await form.getByLabel('Some desk phones (a return)').check();
  await form.getByLabel('Quantity to refund').fill(quantity);
  await form.getByLabel(/^Reason/).fill('Returned unused in its box');
  await form.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await expect(dialog).toContainText(`Refund ${quantity} x `);
  await dialog.getByRole('button', { name: 'Refund now' }).click();
}

test('an admin refunds one returned desk phone of a paid order; more than was bought is refused with its message; the refund shows in the history', async ({
  page,
  request,
}) => {
  const order = await paidHardwareOrder(request);
  await page.goto(`/admin/orders/hardware/${order.id}`);
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(order.orderNumber);
  const form = refundForm(page);
  await expect(form.getByLabel('Desk phone', { exact: true })).toContainText(`${order.phone.name} (2 of 2 left to refund`);
  const events = await timelineEvents(page).count();

  // Three of two: the server refuses with its message, and nothing is refunded or recorded.
  await askRefund(page, '3');
  await expect(form.getByRole('alert')).toHaveText(
    `Only 2 of the ${order.phone.name} on this order can still be refunded: lower the quantity. Nothing was refunded.`,
  );
  await expect(timelineEvents(page)).toHaveCount(events);

  // One of two: refunded, in the history with the admin's name, and e-mailed to the buyer.
  await askRefund(page, '1');
  const amount = pounds(withVat(order.phone.pricePence));
  await expect(page.getByRole('status').filter({ hasText: `Refund of ${amount} made` })).toBeVisible();
  const last = timelineEvents(page).last();
  await expect(last).toContainText(new RegExp(`Refunded ${amount.replace('.', '\\.')} \\(${order.phone.id} x1\\) by ${ADMIN_EMAIL.replace('.', '\\.')}`));
  await expect(last).toContainText('Returned unused in its box');
  await expect(page.getByRole('list', { name: 'E-mails' }).getByRole('listitem').filter({ hasText: `Refund of ${amount} for order ${order.orderNumber}` })).toHaveCount(1);
  await expect(form.getByLabel('Desk phone', { exact: true })).toContainText(`${order.phone.name} (1 of 2 left to refund`);
});

test('an admin cancels a subscription from the end of its period, after a confirmation; the history and the e-mails show it', async ({ page }) => {
  const order = await buySingleUserByCard(page, 'Cass');
  await page.goto(`/admin/orders/service/${order.orderId}`);
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(order.orderNumber);
  const form = page.getByRole('form', { name: 'Subscription' });
  await expect(form.getByLabel('At the end of the period paid for')).toBeChecked();
  await form.getByLabel(/^Reason/).fill('Moving to another provider');
  await form.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this subscription?' });
  await expect(dialog).toContainText(`Cancel the subscription of ${order.orderNumber} from the end of the period paid for?`);
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Subscription cancelled from the end of the period paid for' })).toBeVisible();
  await expect(timelineEvents(page).last()).toContainText(new RegExp(`^.*Subscription sub_\\w+ cancelled by ${ADMIN_EMAIL.replace('.', '\\.')} from the end of its period`));
  await expect(page.getByRole('list', { name: 'E-mails' }).getByRole('listitem').filter({ hasText: `Your subscription for order ${order.orderNumber} is cancelled` })).toHaveCount(1);
  // It can still be ended now; not cancelled at the period's end twice.
  await expect(form).toContainText('Cancelled from the end of the period paid for: it can still be ended now.');
  await expect(form.getByLabel('At the end of the period paid for')).toHaveCount(0);
});
