import { expect, type Locator, type Page } from '@playwright/test';
import { cartButton, freshStart, planCard } from './helpers';

// The service checkout's steps against the real server and the local Stripe stand-in
// (localstripe), whose Stripe.js renders the card element as plain inputs named by their
// placeholders. checkout.spec.ts tests the checkout; other journeys (support.spec.ts) use these
// steps to place a real order.

export const CARDS = {
  ok: '4242424242424242',
  /** Accepted at card setup; its charge is declined (402 card_declined). */
  declinedCharge: '4000000000000341',
  /** Asks for 3-D Secure at card setup and again for the first payment. */
  threeDSecure: '4000002760003184',
};

export interface Account {
  email: string;
  password: string;
  companyName: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** A new account each time: repeated runs against one database never share an e-mail. */
export function newAccount(firstName = 'Jane'): Account {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `${firstName.toLowerCase()}.${unique}@example.com`,
    password: 'correct-horse-9',
    companyName: 'Example Widgets Ltd',
    firstName,
    lastName: 'Tester',
    phone: '020 7946 0000',
  };
}

export const stepHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^(Order Summary|Account Setup|Payment)$/ });
export const accountForm = (page: Page) => page.getByRole('form', { name: 'Account details' });
export const cardGroup = (page: Page) => page.getByRole('group', { name: 'Card details' });
export const completeOrder = (page: Page) => page.getByRole('button', { name: 'Complete Order' });
export const suggestions = (page: Page) => page.getByRole('list', { name: 'Address suggestions' }).getByRole('button');

/** On /add-ons with a package: through the cart dropdown's Checkout link to step 1. */
export async function checkoutFromCartDropdown(page: Page) {
  await cartButton(page).click();
  await page.getByRole('region', { name: 'Shopping cart' }).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(stepHeading(page)).toHaveText('Order Summary');
}

/** Buys Single User (one user, monthly) on the plans page and opens the checkout at step 1. */
export async function singleUserAtCheckout(page: Page) {
  await freshStart(page, '/plans-and-pricing');
  await planCard(page, 'Single User').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/add-ons$/);
  await checkoutFromCartDropdown(page);
}

/** Types the account's own fields (not its address) into the Account Setup form. */
export async function fillAccountFields(form: Locator, account: Account) {
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm Password').fill(account.password);
  await form.getByLabel('Company Name').fill(account.companyName);
  await form.getByLabel('First Name').fill(account.firstName);
  await form.getByLabel('Last Name').fill(account.lastName);
  await form.getByLabel('Phone Number').fill(account.phone);
}

/** Fills Account Setup; the address through the postcode lookup (ID1 1QD: the offline sample set). */
export async function fillAccount(page: Page, account: Account) {
  await expect(stepHeading(page)).toHaveText('Account Setup');
  const form = accountForm(page);
  await fillAccountFields(form, account);
  await form.getByLabel('Postcode').fill('ID1 1QD');
  await suggestions(page).filter({ hasText: '1 Example Road, Testtown, ID1 1QD' }).click();
  await expect(form.getByLabel('Address Line 1')).toHaveValue('1 Example Road');
}

export async function continueToPayment(page: Page) {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(stepHeading(page)).toHaveText('Payment');
}

/** Types a card into the stand-in's card element (expiry 12/30, CVC 123), on either checkout. */
export async function typeCard(page: Page, number: string) {
  const card = cardGroup(page);
  await card.getByPlaceholder('number', { exact: true }).fill(number);
  await card.getByPlaceholder('exp_month').fill('12');
  await card.getByPlaceholder('exp_year').fill('30');
  await card.getByPlaceholder('cvc').fill('123');
  await card.getByPlaceholder('postal_code').fill('ID11QD');
}

/** Types a card on the service checkout, which then lets the order be completed. */
export async function fillCard(page: Page, number: string) {
  await typeCard(page, number);
  await expect(completeOrder(page)).toBeEnabled();
}

export async function expectThankYou(page: Page) {
  await expect(page).toHaveURL(/\/thank-you\?order=[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(page.getByText(/^SB-\d{6}$/)).toBeVisible();
}

export interface PlacedOrder {
  account: Account;
  /** SB- and six digits, as the thank-you page shows it. */
  orderNumber: string;
  orderId: string;
}

/** Places and pays a Single User order (monthly) by card, as a new buyer, up to the thank-you page. */
export async function buySingleUserByCard(page: Page, firstName: string): Promise<PlacedOrder> {
  const account = newAccount(firstName);
  await singleUserAtCheckout(page);
  await page.getByRole('button', { name: 'Continue to Account Setup' }).click();
  await fillAccount(page, account);
  await continueToPayment(page);
  await fillCard(page, CARDS.ok);
  await completeOrder(page).click();
  await expectThankYou(page);
  const orderNumber = (await page.getByText(/^SB-\d{6}$/).textContent()) ?? '';
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  return { account, orderNumber, orderId };
}
