import type { CheckoutConfig } from '../../../lib/stripe/config-api';
import { jsonResponse } from '../../../testing/mock-fetch';
import { filledForm } from '../../../testing/account-form';
import { serviceCart } from '../../../testing/fixtures';
import { initialCheckoutState, type CheckoutState } from '../checkout-slice';
import type { TransferLine } from '../../../lib/api-types';
import type { OrderView, PaymentIntentResponse, UserAccountResponse } from '../types';

export { filledForm };

export const ORDER_ID = '7d0c8a7e-1f7a-4d5e-9a37-2b1f3c4d5e6f';
/** The order's secret, as create-payment-intent gives it to the browser that placed the order. */
export const ORDER_SECRET = 'os_9Qm2Lx7Vb4Tz8Kc1';

export const orderSecretMismatch = {
  code: 'order_secret_mismatch',
  error: 'This order was placed from another browser. Please sign in or contact support.',
};

export const configFixture: CheckoutConfig = {
  stripePublishableKey: 'pk_test_123',
  stripeJsUrl: 'http://localhost:8420/js.stripe.com/v3/',
  googleClientId: null,
};

export function checkoutStateWith(overrides: Partial<CheckoutState> = {}): CheckoutState {
  return { ...initialCheckoutState(), form: filledForm(), ...overrides };
}

export function paymentIntentFixture(overrides: Partial<PaymentIntentResponse> = {}): PaymentIntentResponse {
  const totals = serviceCart().totals;
  return {
    orderId: ORDER_ID,
    orderNumber: 'SB-123456',
    paymentType: 'subscription',
    useSubscription: true,
    splitPayment: false,
    clientSecret: null,
    customerId: 'cus_123',
    subscriptionAmount: totals.subscriptionTotalIncVatPence,
    oneTimeAmount: 0,
    status: 'placed',
    calculatedAmounts: {
      packageType: 'singleUser',
      quantity: 2,
      billingCycle: 'yearly',
      subscriptionSubtotal: totals.subscriptionSubtotalPence,
      subscriptionVAT: totals.subscriptionVatPence,
      subscriptionTotalIncVAT: totals.subscriptionTotalIncVatPence,
      topUpSubtotal: 0,
      topUpVAT: 0,
      topUpTotalIncVAT: 0,
      totalVAT: totals.serviceVatPence,
      grandTotalIncVAT: totals.serviceDueTodayPence,
    },
    orderSecret: ORDER_SECRET,
    ...overrides,
  };
}

export const setupIntentFixture = { client_secret: 'seti_123_secret_abc', setup_intent_id: 'seti_123', status: 'requires_payment_method' };

export const paidSubscription = { success: true, status: 'active', subscriptionId: 'sub_123', customerId: 'cus_123', topUpPaymentIntentId: null };

export function accountFixture(overrides: Partial<UserAccountResponse> = {}): UserAccountResponse {
  return {
    unique_identifier: 'SB-123456',
    orderId: ORDER_ID,
    customerId: 'cus_123',
    extensions: [
      { number: '101', username: 'jane101', password: 'Xy7pQ2wLm9' },
      { number: '102', username: 'jane102', password: 'Kb4rT8vNz3' },
    ],
    ...overrides,
  };
}

/**
 * POST /api/create-user-account/ as the server answers it: the account and its SIP passwords
 * only for the order's secret, else 403 `order_secret_mismatch`.
 */
export async function userAccountAnswer(request: Request, overrides: Partial<UserAccountResponse> = {}): Promise<Response> {
  const body = (await request.json()) as { orderSecret?: unknown };
  if (body.orderSecret !== ORDER_SECRET) return jsonResponse(orderSecretMismatch, 403);
  return jsonResponse(accountFixture(overrides));
}

export function orderFixture(overrides: Partial<OrderView> = {}): OrderView {
  const cart = serviceCart();
  return {
    orderId: ORDER_ID,
    orderNumber: 'SB-123456',
    status: 'completed',
    placedAt: '2025-03-14T10:15:00Z',
    email: 'jane@example.co.uk',
    firstName: 'Jane',
    lastName: 'Smith',
    companyName: 'Acme Ltd',
    packageName: 'Single User x2 (Yearly)',
    packageType: 'singleUser',
    quantity: 2,
    billingCycle: 'yearly',
    paymentType: 'subscription',
    addOns: [{ id: 'callRecording', name: 'Call recording', pricePence: 7680 }],
    phoneNumbers: cart.phoneNumbers.map(({ value, displayValue, isTransfer, free, pricePence }) => ({ value, displayValue, isTransfer, free, pricePence })),
    totals: cart.totals,
    extensions: [
      { number: '101', username: 'jane101' },
      { number: '102', username: 'jane102' },
    ],
    subscriptionId: 'sub_123',
    emailSent: true,
    emailStatus: 'sent',
    ...overrides,
  };
}

/** A number being transferred in, waiting for the buyer's details (the order completed on 24 Nov 2026). */
export function transferFixture(overrides: Partial<TransferLine> = {}): TransferLine {
  return {
    number: '02079460123',
    displayNumber: '020 7946 0123',
    state: 'requested',
    stateLabel: 'Waiting for your details',
    requestedAt: '2026-11-24T10:00:00Z',
    updatedAt: '2026-11-24T10:00:00Z',
    accountHolder: null,
    currentProvider: null,
    signedName: null,
    signedAt: null,
    date: null,
    rejectionReason: null,
    ...overrides,
  };
}
