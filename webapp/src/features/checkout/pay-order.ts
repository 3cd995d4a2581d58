import { serverErrorMessage } from '../../lib/api-error';
import type { Cart } from '../../lib/api-types';
import type { CustomerInfo, FieldErrors, InvalidFieldsBody } from '../../lib/account-form/types';
import type { AttemptKey, ChargeAnswer, PaymentRules, PaymentTexts } from '../../lib/card-payment/card-payment';
import { CardPaymentFailure, runCardPayment, type CardPaymentAdapter } from '../../lib/card-payment/run-card-payment';
import type { StripeCardElement, StripeClient } from '../../lib/stripe/stripe-js';
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

interface PayOrderInput {
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

/** 409 `price_changed`: the cart is priced otherwise than the page showed; nothing was placed, and `cart` is the cart now. */
export class CartPriceChanged extends CardPaymentFailure {
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
export class AccountFieldsRejected extends CardPaymentFailure {
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors,
  ) {
    super(message);
  }
}

const KNOWN_PAYMENT_TYPES = ['subscription', 'payg_topup_only', 'payg_split_payment'];
const PAID_SUBSCRIPTION = ['active', 'trialing', 'succeeded'];

/** How the service checkout's server finishes a payment. */
const servicePaymentRules: PaymentRules = {
  // The same request once more after each check: a split order's top-up may then ask for its own.
  afterAuthentication: 'charge-again',
  // An order has at most two payments to authenticate: its subscription and its top-up.
  maxAuthentications: 2,
  // A 3-D Secure payment intent in one of these states has been authorised.
  authorisedStatuses: ['succeeded', 'processing', 'requires_capture'],
  processingRetries: 2,
};

const servicePaymentTexts: PaymentTexts = {
  cardError: stripeErrorMessage,
  setupFailed: paymentMessages.setupIntentFailed,
  unexpected: paymentMessages.unexpected,
  setupNotSucceeded: paymentMessages.setupIntentNotSuccessful,
  noPaymentMethod: paymentMessages.noDetail,
  missingClientSecret: paymentMessages.invalidConfiguration,
  authenticationNotSucceeded: (status) => (status ? paymentMessages.paymentIntentNotSuccessful(status) : paymentMessages.unexpected),
  missingPaymentId: paymentMessages.unexpected,
  tooManyAuthentications: paymentMessages.notSuccessfulStatus,
};

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
  if (intent.paymentType === 'payg_upfront_payment') throw new CardPaymentFailure(paymentMessages.legacyPaymentType);
  if (!intent.orderId) throw new CardPaymentFailure(paymentMessages.invalidConfiguration);
  if (KNOWN_PAYMENT_TYPES.includes(intent.paymentType)) return;
  if (intent.useSubscription || intent.splitPayment) return;
  throw new CardPaymentFailure(paymentMessages.invalidConfiguration);
}

/** The order being paid: as create-payment-intent named it, with the secret that finishes it (if any). */
interface ServiceOrder {
  orderId: string;
  orderNumber: string;
  orderSecret: string | undefined;
}

/** create-payment-intent: places the order, or continues the one this tab placed (a retry, a reload). */
async function placeOrder(input: PayOrderInput, calls: PaymentCalls): Promise<ServiceOrder> {
  const { cartId, customerInfo } = input;
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
    throw new CardPaymentFailure(serverErrorMessage(error, paymentMessages.paymentIntentFailed));
  }
  checkPaymentType(intent);
  const { orderId } = intent;
  // The answer's secret is the current one; without one (a server older than the secret), the
  // one this tab kept for the order before a reload; without either, none is sent.
  if (intent.orderSecret) input.orderSecrets.keep(orderId, intent.orderSecret);
  const orderSecret = intent.orderSecret || input.orderSecrets.find(orderId) || undefined;
  return { orderId, orderNumber: intent.orderNumber, orderSecret };
}

/** Subscription acceptance (success, or active or trialing), asking Stripe through the debug call when the answer is unclear. */
async function acceptCharge(calls: PaymentCalls, answer: SubscriptionResponse): Promise<void> {
  if (answer.success || (answer.status && PAID_SUBSCRIPTION.includes(answer.status))) return;
  if (answer.status === 'incomplete') throw new CardPaymentFailure(paymentMessages.incompleteDeclined);
  if (answer.error || answer.card_declined || answer.card_error || answer.payment_error) {
    throw new CardPaymentFailure(subscriptionRefusalMessage(answer));
  }
  if (!answer.subscriptionId) throw new CardPaymentFailure(paymentMessages.statusUnclear);
  let checked: DebugSubscriptionResponse;
  try {
    checked = await calls.debugSubscription({ subscriptionId: answer.subscriptionId });
  } catch {
    throw new CardPaymentFailure(paymentMessages.verificationFailed);
  }
  const status = checked?.subscription?.status;
  if (!status) throw new CardPaymentFailure(paymentMessages.couldNotVerify);
  if (status === 'active' || status === 'trialing') return;
  if (status === 'incomplete') throw new CardPaymentFailure(paymentMessages.incompleteDeclined);
  throw new CardPaymentFailure(paymentMessages.notSuccessfulRetry(status));
}

/** create-subscription with the attempt key, read as the card payment's answer. */
async function charge(calls: PaymentCalls, orderId: string, attempt: AttemptKey): Promise<ChargeAnswer> {
  let answer: SubscriptionResponse;
  try {
    answer = await calls.createSubscription({ orderId, paymentMethodId: attempt.paymentMethodId, setupIntentId: attempt.setupIntentId });
  } catch (error) {
    return { kind: 'refused', message: subscriptionRefusalMessage(errorBody<SubscriptionResponse>(error)) };
  }
  // 202 `payment_processing`: the bank has not decided; the same request later answers how it did.
  if (answer.code === 'payment_processing') return { kind: 'processing', message: answer.error || paymentMessages.statusUnclear };
  if (answer.requiresAction) return { kind: 'requires_action', clientSecret: answer.clientSecret ?? null, status: answer.status };
  await acceptCharge(calls, answer);
  return { kind: 'paid' };
}

/** create-user-account once paid: the account, its extensions and what the thank-you page shows once. */
async function createAccount(
  input: PayOrderInput,
  calls: PaymentCalls,
  order: ServiceOrder,
  onProgress: (step: ProgressStep) => void,
): Promise<CompletedOrder> {
  const { customerInfo } = input;
  const { orderId, orderSecret } = order;
  onProgress('paymentConfirmed');
  let account: UserAccountResponse;
  try {
    account = await calls.createUserAccount({ orderId, orderSecret, password: customerInfo.password, customerInfo });
  } catch (error) {
    // 403 `order_secret_mismatch`: paid, but this browser may not see the passwords; it stops here.
    const fallback = errorCode(error) === 'order_secret_mismatch' ? paymentMessages.orderSecretMismatch : paymentMessages.userAccountFailed;
    throw new CardPaymentFailure(serverErrorMessage(error, fallback));
  }
  if (!account) throw new CardPaymentFailure(paymentMessages.userAccountFailed);
  const extensions = account.extensions ?? [];
  onProgress('accountCreated');
  if (extensions.length > 0) onProgress('extensionsSetUp');
  if (!input.isPayAsYouGo) onProgress('subscriptionFinalised');

  return {
    orderId,
    orderNumber: account.unique_identifier || order.orderNumber,
    email: customerInfo.email,
    password: customerInfo.isGoogleSignIn ? null : customerInfo.password,
    extensions,
  };
}

/**
 * The service order's card payment (API.md "Service checkout"): place the order, confirm a setup
 * intent with the card (Stripe.js does 3-D Secure), charge it (3-D Secure again for each payment
 * that asks, the same request once more after each), then create the account.
 */
export function servicePayment(
  input: PayOrderInput,
  calls: PaymentCalls,
  onProgress: (step: ProgressStep) => void,
): CardPaymentAdapter<ServiceOrder, CompletedOrder> {
  const { customerInfo } = input;
  return {
    rules: servicePaymentRules,
    texts: servicePaymentTexts,
    open: () => placeOrder(input, calls),
    async startSetup({ orderId }) {
      let setup: SetupIntentResponse;
      try {
        setup = await calls.createSetupIntent({ orderId });
      } catch (error) {
        throw new CardPaymentFailure(serverErrorMessage(error, paymentMessages.setupIntentFailed));
      }
      return { clientSecret: setup?.client_secret, setupIntentId: setup?.setup_intent_id };
    },
    billingDetails: () => ({ name: `${customerInfo.firstName} ${customerInfo.lastName}`.trim(), email: customerInfo.email }),
    charge: ({ orderId }, attempt) => charge(calls, orderId, attempt),
    finish: (order) => createAccount(input, calls, order, onProgress),
  };
}

/** The whole payment; rejects with a CardPaymentFailure (CartPriceChanged, AccountFieldsRejected among them). */
export function payOrder(input: PayOrderInput, calls: PaymentCalls, onProgress: (step: ProgressStep) => void): Promise<CompletedOrder> {
  return runCardPayment(servicePayment(input, calls, onProgress), input.stripe, input.card);
}
