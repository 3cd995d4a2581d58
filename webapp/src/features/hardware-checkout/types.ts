/**
 * Wire types of the hardware checkout (notes: the hardware-checkout contract). Amounts are
 * integer pence priced by the server; field names are camelCase except the two payment calls,
 * which take the older site's own names.
 */
import type { EmailStatus } from '../../components/email-status';

export interface ShippingOption {
  id: string;
  name: string;
  description: string;
  carrier: string;
  pricePence: number;
}

export interface Country {
  code: string;
  name: string;
}

/** GET /api/hardware-checkout/options */
export interface HardwareCheckoutOptions {
  shippingOptions: ShippingOption[];
  shippingCountries: Country[];
  billingCountries: Country[];
}

export interface HardwareAmounts {
  itemsPence: number;
  shippingPence: number;
  vatPence: number;
  totalPence: number;
}

export interface QuoteLine {
  productId: string;
  name: string;
  shortDesc: string | null;
  imageUrl: string | null;
  unitPricePence: number;
  quantity: number;
  linePence: number;
}

/** The shipping option an order or a quote was priced with. */
export type ChosenShipping = Omit<ShippingOption, 'description'>;

/** A desk phone whose catalogue price changed since it went into the cart. */
export interface QuotePriceChange {
  productId: string;
  name: string;
  fromPence: number;
  toPence: number;
  /** The server's sentence, shown as is: "The price of Yealink T54W changed from £119.00 to £129.00". */
  message: string;
}

/** GET /api/hardware-checkout/quote?cartId=&shippingOption= (the phones at today's catalogue prices). */
export interface HardwareQuote {
  lines: QuoteLine[];
  shipping: ChosenShipping | null;
  amounts: HardwareAmounts;
  /**
   * The version of these prices: placing the order names the version of the quote for its
   * shipping option, and paying the version the order was placed on (409 `price_changed` on another).
   */
  version: string;
  priceChanges: QuotePriceChange[];
}

/** The 409 `price_changed` of placing or paying: nothing was placed or charged; `quote` is the one to show now. */
export interface PriceChangedBody {
  code: 'price_changed';
  /** "The price of X changed from £A to £B. Please check the new total and try again." */
  error: string;
  quote: HardwareQuote;
}

export interface QuoteArgs {
  cartId: string;
  shippingOption?: string;
}

export interface ShippingAddress {
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  /** GB or IE. */
  country: string;
}

export interface HardwareCustomerInfo {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: ShippingAddress;
}

/** POST /api/hardware-orders */
export interface PlaceHardwareOrderArgs {
  cartId: string;
  shippingOption: string;
  /** The `version` of the quote the buyer was shown for this shipping option. */
  quoteVersion: string;
  customerInfo: HardwareCustomerInfo;
}

/** The fields a 422 `invalid_fields` may name (and the address form shows errors on). */
export type CustomerField = 'email' | 'firstName' | 'lastName' | 'phone' | 'line1' | 'city' | 'postalCode' | 'country';

export type CustomerFieldErrors = Partial<Record<CustomerField, string>>;

export type HardwareOrderStatus = 'placed' | 'paid' | 'confirmed' | 'payment-only' | 'error-handled' | 'cancelled';

export interface OrderLine {
  productId: string;
  name: string;
  unitPricePence: number;
  quantity: number;
  linePence: number;
}

/** GET /api/hardware-orders/{orderId} (header X-Order-Secret): the thank-you view. */
export interface HardwareOrderView {
  orderId: string;
  orderNumber: string;
  status: HardwareOrderStatus;
  lines: OrderLine[];
  shipping: ChosenShipping;
  customer: { email: string; firstName: string; lastName: string; phone: string };
  address: ShippingAddress;
  amounts: HardwareAmounts;
  paymentReference: string | null;
  placedAt: string;
  paidAt: string | null;
  confirmedAt: string | null;
  /** A calendar date, YYYY-MM-DD. */
  estimatedDelivery: string;
  emailQueued: boolean;
  /** Where the confirmation e-mail stands (GET only; null before it is queued). */
  emailStatus?: EmailStatus | null;
}

/** The 201 of POST /api/hardware-orders: the view and the order's secret (kept in this tab only). */
export type PlacedHardwareOrderView = HardwareOrderView & { orderSecret: string };

export interface OrderRef {
  orderId: string;
  orderSecret: string;
}

/** POST /api/hardware-orders/{orderId}/card-setup */
export interface CardSetupResponse {
  clientSecret: string;
  setupIntentId: string;
}

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

/** The 402 of create-hardware-payment: a refused card. */
export interface CardDeclinedBody {
  error: string;
  code: string;
  decline_code?: string | null;
}

/** POST /api/confirm-hardware-payment/ (the thank-you page's background call sends `paymentIntentId` only). */
export interface ConfirmHardwarePaymentBody {
  paymentIntentId: string;
  orderId?: string;
  orderSecret?: string;
}

export type ConfirmationStatus = 'confirmed' | 'payment-only' | 'error-handled';

export interface ConfirmHardwarePaymentAnswer {
  /** Only with the order's secret: the background call (payment id alone) gets the status alone. */
  orderId?: string;
  orderNumber?: string;
  status: ConfirmationStatus;
  reference?: string;
}

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
