import type { EmailStatus } from '../../components/email-status';
/** Wire and form types of the service checkout (api/API.md "Service checkout"). Amounts are integer pence. */
import type { CustomerInfo } from '../../lib/account-form/types';
import type { BillingCycle, Cart, CartPhoneNumber, CartTotals, ExtensionDetails } from '../../lib/api-types';

export type { ExtensionDetails };

export type PaymentType = 'subscription' | 'payg_topup_only' | 'payg_split_payment';

export interface CalculatedAmounts {
  packageType: 'singleUser' | 'multiUser' | 'payg' | string;
  quantity: number;
  billingCycle: BillingCycle;
  subscriptionSubtotal: number;
  subscriptionVAT: number;
  subscriptionTotalIncVAT: number;
  topUpSubtotal: number;
  topUpVAT: number;
  topUpTotalIncVAT: number;
  totalVAT: number;
  grandTotalIncVAT: number;
}

/** POST /api/create-payment-intent/ */
export interface CreatePaymentIntentArgs {
  cartId: string;
  customerInfo: CustomerInfo;
  /** The secret of the order this tab placed before (a retry): the server then continues that order. */
  orderSecret?: string;
  /**
   * The cart's `quoteVersion` as this page shows it: on a cart priced otherwise now, nothing is
   * placed (409 `price_changed` with the cart as priced now).
   */
  quoteVersion?: string;
}

export interface PaymentIntentResponse {
  orderId: string;
  orderNumber: string;
  /** Any other value is refused in the browser (`payg_upfront_payment` as legacy). */
  paymentType: PaymentType | string;
  useSubscription: boolean;
  splitPayment: boolean;
  clientSecret: string | null;
  customerId: string;
  subscriptionAmount: number;
  oneTimeAmount: number;
  calculatedAmounts: CalculatedAmounts;
  /**
   * Opaque; given only to the browser that placed (or re-opened) the order, and asked for by
   * create-user-account. Absent from servers older than it.
   */
  orderSecret?: string;
}

/** POST /api/create-setup-intent/ */
export interface SetupIntentResponse {
  client_secret: string;
  setup_intent_id: string;
  status: string;
}

/** POST /api/create-subscription/ */
export interface CreateSubscriptionArgs {
  orderId: string;
  paymentMethodId: string;
  setupIntentId: string;
}

/** The 200 answers (paid, or 3-D Secure needed) and the 402 body share these fields. */
export interface SubscriptionResponse {
  success: boolean;
  status?: string;
  subscriptionId?: string | null;
  customerId?: string;
  topUpPaymentIntentId?: string | null;
  requiresAction?: boolean;
  clientSecret?: string | null;
  error?: string;
  code?: string;
  decline_code?: string;
  card_declined?: boolean;
  card_error?: boolean;
  payment_error?: boolean;
}

/** POST /api/debug-subscription/ */
export interface DebugSubscriptionResponse {
  subscription: { id: string; status: string };
}

/** POST /api/create-user-account/ */
export interface CreateUserAccountArgs {
  orderId: string;
  /** The order's secret from create-payment-intent (403 `order_secret_mismatch` without the right one). */
  orderSecret?: string;
  password: string;
  customerInfo: CustomerInfo;
}

export interface UserAccountResponse {
  success: boolean;
  /** The order number, SB- plus 6 digits. */
  unique_identifier: string;
  orderId: string;
  customerId: string;
  extensions: ExtensionDetails[];
}

export type OrderStatus = 'placed' | 'paid' | 'completed' | 'failed';

/** The figures of a cart's totals about its desk phones (and the whole cart with them). */
type HardwareTotals = 'hardwarePence' | 'hardwareVatPence' | 'hardwareTotalIncVatPence' | 'cartVatPence' | 'cartTotalIncVatPence';

/** An order's totals: the cart's, without its billing cycle (the order has its own); its desk-phone figures may be absent. */
export type OrderTotalsView = Omit<CartTotals, 'billingCycle' | HardwareTotals> & Partial<Pick<CartTotals, HardwareTotals>>;

/** GET /api/orders/{orderId}: the thank-you view. */
export interface OrderView {
  orderId?: string;
  orderNumber: string;
  status: OrderStatus;
  placedAt: string | null;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  packageName: string;
  packageType: string;
  quantity: number;
  billingCycle: BillingCycle | null;
  paymentType: string | null;
  addOns: { id: string; name: string; pricePence: number }[];
  phoneNumbers: Pick<CartPhoneNumber, 'value' | 'displayValue' | 'isTransfer' | 'free' | 'pricePence'>[];
  totals: OrderTotalsView | null;
  extensions: { number: string; username: string }[];
  subscriptionId: string | null;
  lastPaymentError?: string | null;
  emailSent: boolean;
  /** Where the confirmation e-mail stands (null until it is queued). */
  emailStatus?: EmailStatus | null;
  /** The numbers being transferred in (ports), once the order is complete; absent from older servers. */
  ports?: PortLine[];
}

/** Where a number transfer stands: requested → detailsConfirmed → submitted → dateSet → completed, or rejected. */
export type PortState = 'requested' | 'detailsConfirmed' | 'submitted' | 'dateSet' | 'completed' | 'rejected';

/** A number being transferred in, as GET /api/orders/{id} lists it in `ports`. */
export interface PortLine {
  /** As the order holds it: the key of POST /api/orders/{id}/ports/{number}. */
  number: string;
  displayNumber: string;
  state: PortState;
  /** The state in words ("Submitted to your current provider"). */
  stateLabel: string;
  requestedAt: string;
  updatedAt: string;
  accountHolder: string | null;
  currentProvider: string | null;
  /** Who signed the letter of authority, and when. */
  signedName: string | null;
  signedAt: string | null;
  /** The day the number moves (YYYY-MM-DD), once the losing provider has set it. */
  date: string | null;
  rejectionReason: string | null;
  /** A UK mobile: it moves with the PAC code given in the cart (never shown here), no letter of authority. */
  movesWithPac?: boolean;
}

/** POST /api/orders/{id}/ports/{number}/pac: a mobile's new PAC code after a rejection. */
export interface GivePortPacArgs {
  orderId: string;
  number: string;
  pac: string;
}

/** The buyer's transfer details and letter of authority, as the form holds them. */
export interface PortDetailsForm {
  accountHolder: string;
  currentProvider: string;
  billingPostcode: string;
  signedName: string;
  /** "I authorise … to transfer this number" ticked. */
  authorised: boolean;
}

/** POST /api/orders/{orderId}/ports/{number}: answers the order (as GET /api/orders/{id}). */
export interface ConfirmPortDetailsArgs {
  orderId: string;
  number: string;
  details: PortDetailsForm;
}

/**
 * What the checkout needs of the visitor's cart. The app layer joins it to the cart
 * feature (app/use-checkout-cart.ts), so this feature never imports the cart's internals.
 */
export interface CheckoutCart {
  cartId: string | null;
  cart: Cart | undefined;
  isLoading: boolean;
  isError: boolean;
  /** The server took the service out of the cart with the order (desk phones stay in it). */
  serviceOrdered: () => void;
  /** The server priced the cart otherwise than the page showed it (409 `price_changed`): this is the cart now. */
  cartRepriced: (cart: Cart) => void;
}
