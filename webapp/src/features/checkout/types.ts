/** Wire and form types of the service checkout (api/API.md "Service checkout"). Amounts are integer pence. */
import type { Cart, CartTotals, ExtensionDetails, Schema, TransferDetails } from '../../lib/api-types';

export type { ExtensionDetails };

/** POST /api/create-payment-intent/ */
export type CreatePaymentIntentArgs = Schema<'PlaceOrderBody'>;

export type PaymentIntentResponse = Omit<Schema<'PlacedOrderOut'>, 'paymentType'> & {
  /** One of `PaymentType`; anything else (an older server's `payg_upfront_payment`) is refused in the browser. */
  paymentType: string;
};

/** POST /api/create-setup-intent/ */
export type SetupIntentResponse = Schema<'SetupOut'>;

/** POST /api/create-subscription/ */
export type CreateSubscriptionArgs = Schema<'PayOrderBody'>;

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
export type DebugSubscriptionResponse = Schema<'DebugOut'>;

/** POST /api/create-user-account/ */
export type CreateUserAccountArgs = Schema<'AccountBody'>;

export type UserAccountResponse = Schema<'AccountOut'>;

/** The figures of a cart's totals about its desk phones (and the whole cart with them). */
type HardwareTotals = 'hardwarePence' | 'hardwareVatPence' | 'hardwareTotalIncVatPence' | 'cartVatPence' | 'cartTotalIncVatPence';

/** An order's totals: the cart's, without its billing cycle (the order has its own); its desk-phone figures may be absent. */
export type OrderTotalsView = Omit<CartTotals, 'billingCycle' | HardwareTotals> & Partial<Pick<CartTotals, HardwareTotals>>;

/** GET /api/orders/{orderId}: the thank-you view. */
export type OrderView = Schema<'OrderOut'>;

/** POST /api/orders/{id}/transfers/{number}/pac: a mobile's new PAC code after a rejection. */
export interface GiveTransferPacArgs {
  orderId: string;
  number: string;
  pac: string;
}

/** POST /api/orders/{orderId}/transfers/{number}: answers the order (as GET /api/orders/{id}). */
export interface ConfirmTransferDetailsArgs {
  orderId: string;
  number: string;
  details: TransferDetails;
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
