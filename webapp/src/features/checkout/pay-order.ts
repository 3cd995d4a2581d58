import { serverErrorMessage } from '../../lib/api-error';
import type { Cart } from '../../lib/api-types';
import type { CustomerInfo, FieldErrors, InvalidFieldsBody } from '../../lib/account-form/types';
import { paymentMethodId, type StripeCardElement, type StripeClient } from '../../lib/stripe/stripe-js';
import type { CompletedOrder, ProgressStep } from './checkout-slice';
import { paymentMessages, stripeErrorMessage, subscriptionRefusalMessage } from './payment-messages';
import type {
  CreatePaymentIntentArgs,
  CreateSubscriptionArgs,
  CreateUserAccountArgs,
  DebugSubscriptionResponse,
  PaymentIntentResponse,
  SetupIntentResponse,
  SubscriptionResponse,
  UserAccountResponse,
} from './types';

/** The server calls of a payment; each resolves with the answer or rejects with the RTK Query error. */
export interface PaymentCalls {
  createPaymentIntent(args: CreatePaymentIntentArgs): Promise<PaymentIntentResponse>;
  createSetupIntent(args: { orderId: string }): Promise<SetupIntentResponse>;
  createSubscription(args: CreateSubscriptionArgs): Promise<SubscriptionResponse>;
  debugSubscription(args: { subscriptionId: string }): Promise<DebugSubscriptionResponse>;
  createUserAccount(args: CreateUserAccountArgs): Promise<UserAccountResponse>;
}

/** Where the order's secret is kept between create-payment-intent and create-user-account (order-secret.ts). */
export interface OrderSecrets {
  /** The server gave the order's secret with the order. */
  keep(orderId: string, orderSecret: string): void;
  /** The secret kept earlier for this order (this tab placed it before a reload), if any. */
  find(orderId: string): string | null;
  /** The secret of the last order this tab placed and has not completed, if any. */
  latest(): string | null;
}

export interface PayOrderInput {
  cartId: string;
  /** The version of the cart's prices the page shows (the cart's `quoteVersion`), when it has one. */
  quoteVersion?: string;
  customerInfo: CustomerInfo;
  stripe: StripeClient;
  card: StripeCardElement;
  /** Pay as you go has no subscription to finalise (its progress list is one shorter). */
  isPayAsYouGo: boolean;
  orderSecrets: OrderSecrets;
}

/** A payment that stopped, with the sentence to show under the card field. */
export class PaymentFailure extends Error {}

/** 409 `price_changed`: the cart is priced otherwise than the page showed; nothing was placed, and `cart` is the cart now. */
export class CartPriceChanged extends PaymentFailure {
  constructor(
    message: string,
    readonly cart: Cart,
  ) {
    super(message);
  }
}

/** The cart as priced now, from a 409 `price_changed`, if that is what `error` is. */
function repricedCart(error: unknown): { message: string; cart: Cart } | null {
  const body = errorBody<{ code?: unknown; error?: unknown; cart?: unknown }>(error);
  if (typeof body !== 'object' || body === null || body.code !== 'price_changed') return null;
  const { cart } = body;
  if (typeof cart !== 'object' || cart === null || typeof (cart as { id?: unknown }).id !== 'string') return null;
  return { message: typeof body.error === 'string' && body.error ? body.error : paymentMessages.paymentIntentFailed, cart: cart as Cart };
}

/** The server refused the account form (422 `invalid_fields`): the fields to mark on step 2. */
export class AccountFieldsRejected extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors,
  ) {
    super(message);
  }
}

const KNOWN_PAYMENT_TYPES = ['subscription', 'payg_topup_only', 'payg_split_payment'];
const PAID_SUBSCRIPTION = ['active', 'trialing', 'succeeded'];
/** An order has at most two payments to authenticate: its subscription and its top-up. */
const MAX_AUTHENTICATIONS = 2;
/** A 3-D Secure payment intent in one of these states has been authorised. */
const AUTHORISED_PAYMENT = ['succeeded', 'processing', 'requires_capture'];

function errorBody<T>(error: unknown): T | undefined {
  if (typeof error === 'object' && error !== null && 'data' in error) return (error as { data: T }).data;
  return undefined;
}

function isInvalidFields(body: unknown): body is InvalidFieldsBody {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'invalid_fields';
}

function errorCode(error: unknown): unknown {
  const body = errorBody<unknown>(error);
  return typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
}

/** The server chose how the order is paid; the browser refuses what it does not know. */
function checkPaymentType(intent: PaymentIntentResponse): void {
  if (intent.paymentType === 'payg_upfront_payment') throw new PaymentFailure(paymentMessages.legacyPaymentType);
  if (!intent.orderId) throw new PaymentFailure(paymentMessages.invalidConfiguration);
  if (KNOWN_PAYMENT_TYPES.includes(intent.paymentType)) return;
  if (intent.useSubscription || intent.splitPayment) return;
  throw new PaymentFailure(paymentMessages.invalidConfiguration);
}

async function charge(calls: PaymentCalls, args: CreateSubscriptionArgs): Promise<SubscriptionResponse> {
  try {
    return await calls.createSubscription(args);
  } catch (error) {
    throw new PaymentFailure(subscriptionRefusalMessage(errorBody<SubscriptionResponse>(error)));
  }
}

/** 3-D Secure on the charge: Stripe.js shows its own window; a refusal stops here. */
async function authenticate(stripe: StripeClient, clientSecret: string | null | undefined): Promise<void> {
  if (!clientSecret) throw new PaymentFailure(paymentMessages.invalidConfiguration);
  const result = await stripe.confirmCardPayment(clientSecret);
  if (result.error) throw new PaymentFailure(stripeErrorMessage(result.error));
  const status = result.paymentIntent?.status;
  if (!status) throw new PaymentFailure(paymentMessages.unexpected);
  if (!AUTHORISED_PAYMENT.includes(status)) throw new PaymentFailure(paymentMessages.paymentIntentNotSuccessful(status));
}

/** Subscription acceptance (success, or active or trialing), asking Stripe through the debug call when the answer is unclear. */
async function acceptCharge(calls: PaymentCalls, answer: SubscriptionResponse): Promise<void> {
  if (answer.success || (answer.status && PAID_SUBSCRIPTION.includes(answer.status))) return;
  if (answer.status === 'incomplete') throw new PaymentFailure(paymentMessages.incompleteDeclined);
  if (answer.error || answer.card_declined || answer.card_error || answer.payment_error) {
    throw new PaymentFailure(subscriptionRefusalMessage(answer));
  }
  if (!answer.subscriptionId) throw new PaymentFailure(paymentMessages.statusUnclear);
  let checked: DebugSubscriptionResponse;
  try {
    checked = await calls.debugSubscription({ subscriptionId: answer.subscriptionId });
  } catch {
    throw new PaymentFailure(paymentMessages.verificationFailed);
  }
  const status = checked?.subscription?.status;
  if (!status) throw new PaymentFailure(paymentMessages.couldNotVerify);
  if (status === 'active' || status === 'trialing') return;
  if (status === 'incomplete') throw new PaymentFailure(paymentMessages.incompleteDeclined);
  throw new PaymentFailure(paymentMessages.notSuccessfulRetry(status));
}

/**
 * The payment (API.md "Service checkout"): place the order, confirm a setup intent with the card
 * (Stripe.js does 3-D Secure), charge it (3-D Secure again for each payment that asks, the same
 * request once more after each), then create the account. Throws PaymentFailure or AccountFieldsRejected.
 */
export async function payOrder(
  input: PayOrderInput,
  calls: PaymentCalls,
  onProgress: (step: ProgressStep) => void,
): Promise<CompletedOrder> {
  const { cartId, customerInfo, stripe, card } = input;

  let intent: PaymentIntentResponse;
  try {
    // A retry (another card, a reload) sends the secret of the order this tab placed, so the
    // server continues that order instead of placing another one.
    const previous = input.orderSecrets.latest();
    intent = await calls.createPaymentIntent({
      cartId,
      customerInfo,
      ...(previous ? { orderSecret: previous } : {}),
      ...(input.quoteVersion ? { quoteVersion: input.quoteVersion } : {}),
    });
  } catch (error) {
    const body = errorBody<unknown>(error);
    if (isInvalidFields(body)) throw new AccountFieldsRejected(body.error, body.fieldErrors as FieldErrors);
    const repriced = repricedCart(error);
    if (repriced) throw new CartPriceChanged(repriced.message, repriced.cart);
    throw new PaymentFailure(serverErrorMessage(error, paymentMessages.paymentIntentFailed));
  }
  checkPaymentType(intent);
  const { orderId } = intent;
  // The answer's secret is the current one; without one (a server older than the secret), the
  // one this tab kept for the order before a reload; without either, none is sent.
  if (intent.orderSecret) input.orderSecrets.keep(orderId, intent.orderSecret);
  const orderSecret = intent.orderSecret || input.orderSecrets.find(orderId) || undefined;

  let setup: SetupIntentResponse;
  try {
    setup = await calls.createSetupIntent({ orderId });
  } catch (error) {
    throw new PaymentFailure(serverErrorMessage(error, paymentMessages.setupIntentFailed));
  }
  if (!setup?.client_secret) throw new PaymentFailure(paymentMessages.setupIntentFailed);

  const name = `${customerInfo.firstName} ${customerInfo.lastName}`.trim();
  const confirmed = await stripe.confirmCardSetup(setup.client_secret, {
    payment_method: { card, billing_details: { name, email: customerInfo.email } },
  });
  if (confirmed.error) throw new PaymentFailure(stripeErrorMessage(confirmed.error));
  const setupIntent = confirmed.setupIntent;
  if (!setupIntent) throw new PaymentFailure(paymentMessages.unexpected);
  if (setupIntent.status !== 'succeeded') throw new PaymentFailure(paymentMessages.setupIntentNotSuccessful(setupIntent.status));
  const methodId = paymentMethodId(setupIntent);
  if (!methodId) throw new PaymentFailure(paymentMessages.noDetail);

  const chargeArgs: CreateSubscriptionArgs = {
    orderId,
    paymentMethodId: methodId,
    setupIntentId: setup.setup_intent_id || setupIntent.id,
  };
  let answer = await charge(calls, chargeArgs);
  // Each payment of the order may ask for 3-D Secure in turn (a split payment: the
  // subscription's first invoice, then the top-up); the same one asking again after it was
  // authenticated, or more asks than payments, stops here.
  const authenticated: string[] = [];
  while (answer.requiresAction) {
    const secret = answer.clientSecret;
    if (authenticated.length >= MAX_AUTHENTICATIONS || (secret && authenticated.includes(secret))) {
      throw new PaymentFailure(paymentMessages.notSuccessfulStatus(answer.status ?? 'requires_action'));
    }
    await authenticate(stripe, secret);
    authenticated.push(secret ?? '');
    answer = await charge(calls, chargeArgs);
  }
  await acceptCharge(calls, answer);
  onProgress('paymentConfirmed');

  let account: UserAccountResponse;
  try {
    account = await calls.createUserAccount({ orderId, orderSecret, password: customerInfo.password, customerInfo });
  } catch (error) {
    // 403 `order_secret_mismatch`: paid, but this browser may not see the passwords; it stops here.
    const fallback = errorCode(error) === 'order_secret_mismatch' ? paymentMessages.orderSecretMismatch : paymentMessages.userAccountFailed;
    throw new PaymentFailure(serverErrorMessage(error, fallback));
  }
  if (!account || account.success === false) throw new PaymentFailure(paymentMessages.userAccountFailed);
  const extensions = account.extensions ?? [];
  onProgress('accountCreated');
  if (extensions.length > 0) onProgress('extensionsSetUp');
  if (!input.isPayAsYouGo) onProgress('subscriptionFinalised');

  return {
    orderId,
    orderNumber: account.unique_identifier || intent.orderNumber,
    email: customerInfo.email,
    password: customerInfo.isGoogleSignIn ? null : customerInfo.password,
    extensions,
  };
}
