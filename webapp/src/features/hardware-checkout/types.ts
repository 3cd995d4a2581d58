/**
 * Wire types of the hardware checkout (notes: the hardware-checkout contract). Amounts are
 * integer pence priced by the server; field names are camelCase except the two payment calls,
 * which take the older site's own names.
 */
import type { operations } from '../../generated/api';
import type { Schema } from '../../lib/api-types';

export type ShippingOption = Schema<'ShippingOut'>;

export type Country = Schema<'Country'>;

/** GET /api/hardware-checkout/options */
export type HardwareCheckoutOptions = Schema<'CheckoutOptions'>;

export type HardwareAmounts = Schema<'AmountsLine'>;

export type QuoteLine = Schema<'QuoteLineOut'>;

/** The shipping option an order or a quote was priced with. */
export type ChosenShipping = Schema<'ShippingLine'>;

/** A desk phone whose catalogue price changed since it went into the cart. */
export type QuotePriceChange = Schema<'PriceChangeOut'>;

/** GET /api/hardware-checkout/quote?cartId=&shippingOption= (the phones at today's catalogue prices). */
export type HardwareQuote = Schema<'HardwareQuote'>;

/** The 409 `price_changed` of placing or paying: nothing was placed or charged; `quote` is the one to show now. */
export interface PriceChangedBody {
  code: 'price_changed';
  /** "The price of X changed from £A to £B. Please check the new total and try again." */
  error: string;
  quote: HardwareQuote;
}

export type QuoteArgs = operations['quote_hardware']['parameters']['query'];

export type ShippingAddress = Schema<'AddressLine'>;

export interface HardwareCustomerInfo {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: ShippingAddress;
}

/** POST /api/hardware-orders */
export type PlaceHardwareOrderArgs = Schema<'PlaceBody'>;

/** The fields a 422 `invalid_fields` may name (and the address form shows errors on). */
export type CustomerField = 'email' | 'firstName' | 'lastName' | 'phone' | 'line1' | 'city' | 'postalCode' | 'country';

export type CustomerFieldErrors = Partial<Record<CustomerField, string>>;

export type HardwareOrderStatus = Schema<'HardwareOrderViewStatus'>;

export type OrderLine = Schema<'HardwareOrderLine'>;

/** GET /api/hardware-orders/{orderId} (header X-Order-Secret): the thank-you view. */
export type HardwareOrderView = Schema<'HardwareOrderOut'>;

/** The 201 of POST /api/hardware-orders: the view and the order's secret (kept in this tab only). */
export type PlacedHardwareOrderView = Schema<'PlacedHardwareOrder'>;

export interface OrderRef {
  orderId: string;
  orderSecret: string;
}

/** POST /api/hardware-orders/{orderId}/card-setup */
export type CardSetupResponse = Schema<'CardSetup'>;

/** POST /api/create-hardware-payment/ (the older site's field names; the server reads the order's own figures). */
export interface CreateHardwarePaymentBody {
  order_id: string;
  order_secret: string;
  payment_method_id: string;
  /** The placed order's total in pence, as the server sent it. */
  amount: number;
  customer_email: string;
  customer_name: string;
  customer_phone: string;
  shipping_address: ShippingAddress;
  shipping_option: string;
  hardware_items: { id: string; name: string; quantity: number; price: number }[];
  payment_type: 'hardware_purchase';
  /** The version of the quote the order was placed on (what the payment step shows). */
  quote_version: string;
}

/** The 200 answers of create-hardware-payment (paid, or 3-D Secure needed). */
export interface CreateHardwarePaymentAnswer {
  status: string;
  requires_action?: boolean;
  client_secret?: string;
  payment_intent_id?: string;
  order_id?: string;
  amount?: number;
}

/** POST /api/confirm-hardware-payment/ (the thank-you page's background call sends `paymentIntentId` only). */
export type ConfirmHardwarePaymentBody = Schema<'ConfirmBody'>;

/** What confirming a paid order leaves it as (the thank-you page's three outcomes). */
export type ConfirmationStatus = Extract<HardwareOrderStatus, 'confirmed' | 'payment-only' | 'error-handled'>;

export type ConfirmHardwarePaymentAnswer = Schema<'ConfirmationOut'>;

/** sessionStorage `hardwareOrder`: what the thank-you page needs to read the order back. */
export interface StoredHardwareOrder {
  orderId: string;
  orderSecret: string;
  orderNumber: string;
  paymentIntentId?: string;
  confirmationStatus?: ConfirmationStatus;
  reference?: string;
}

/**
 * What the hardware checkout needs of the visitor's cart. The app layer joins it to the cart
 * feature (app/use-hardware-checkout-cart.ts), so this feature never imports the cart's internals.
 */
export interface HardwareCheckoutCart {
  /** The visitor's cart id (localStorage `cartId`), or null. */
  cartId: string | null;
  /** The server does not know the cart (404 `cart_not_found`): the stored id is forgotten. */
  cartNotFound: () => void;
  /** The server took the paid phones out of the cart: read it again, and forget it once it is empty. */
  phonesOrdered: () => Promise<void>;
}
