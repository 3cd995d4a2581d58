/** Wire types of the HTTP API (see api/API.md). Every amount is integer pence. */

export type BillingCycle = 'monthly' | 'yearly';
export type PlanId = 'payAsYouGo' | 'singleUser' | 'multiUser';

export interface CyclePrice {
  monthlyPence: number;
  yearlyPence: number;
}

export interface CatalogueAddOn extends CyclePrice {
  id: string;
  name: string;
}

export interface CataloguePlan extends CyclePrice {
  id: PlanId;
  name: string;
  description: string;
  minUsers: number;
  increment: number;
  usersPerBlock: number;
  includedNumbers: number;
  extraNumber: CyclePrice;
  addOns: CatalogueAddOn[];
  /** UK calls by the minute on a plan that charges for them (tenths of a penny, and labels). */
  callRates?: {
    ukLandlineTenthsOfPenny: number;
    ukLandlineLabel: string;
    ukMobileTenthsOfPenny: number;
    ukMobileLabel: string;
  } | null;
}

/** A connection at a fixed speed, a month ex VAT. */
export interface ConnectionTier {
  speedMbps: number;
  /** As the pages name it: "1000 Mbps", "1 Gbps". */
  speedLabel: string;
  monthlyPence: number;
}

export interface ConnectionOffer {
  agreementMonths: number;
  tiers: ConnectionTier[];
}

/** The prices the marketing pages quote, ex VAT (docs/product-rules.md#marketing-prices). */
export interface PriceList {
  businessBroadband: ConnectionOffer;
  leasedLines: ConnectionOffer;
  /** One recording of up to `maxWords` words, delivered the next working day. */
  voiceRecording: { pricePence: number; maxWords: number };
  residentialFromMonthlyPence: number;
  /** Multi User's monthly price. */
  businessFromMonthlyPence: number;
  /** Multi User's monthly price. */
  cloudPbxFromMonthlyPence: number;
  cloudPbxToMonthlyPence: number;
  /** The cheapest add-on a month. */
  addOnsFromMonthlyPence: number;
}

export interface Catalogue {
  currency: string;
  vatPercent: number;
  yearlyDiscountPercent: number;
  topUp: { minimumPence: number; stepPence: number; defaultPence: number };
  plans: CataloguePlan[];
  priceList: PriceList;
}

export interface Quote {
  plan: PlanId;
  billingCycle: BillingCycle;
  quantity: number;
  blocks: number;
  unitPence: number;
  linePence: number;
}

export interface QuoteArgs {
  plan: PlanId;
  billingCycle: BillingCycle;
  quantity: number;
}

export interface CartItem {
  id: string;
  name: string;
  type: 'package' | 'hardware';
  plan?: PlanId;
  billingCycle?: BillingCycle;
  quantity: number;
  unitPence: number;
  linePence: number;
}

export interface CartAddOn {
  id: string;
  name: string;
  type: 'addOn';
  billingCycle: BillingCycle;
  originalPence: number;
  pricePence: number;
}

export interface PhoneNumberEntry {
  value: string;
  displayValue?: string;
  provider?: string;
  isTransfer?: boolean;
  isPlaceholder?: boolean;
  areaCode?: string;
  numberType?: string;
  country?: string;
  /** A UK mobile transferred in: its PAC code (sent, never served back). */
  pac?: string;
}

export interface CartPhoneNumber extends PhoneNumberEntry {
  free: boolean;
  pricePence: number;
}

export interface CartTotals {
  billingCycle: BillingCycle | null;
  packagePence: number;
  addOnsPence: number;
  numbersPence: number;
  subscriptionSubtotalPence: number;
  subscriptionVatPence: number;
  subscriptionTotalIncVatPence: number;
  topUpSubtotalPence: number;
  topUpVatPence: number;
  topUpTotalIncVatPence: number;
  /** The desk phones' subtotal, ex VAT. */
  hardwarePence: number;
  /** The services' VAT (subscription and top-up). */
  serviceVatPence: number;
  /** What the service checkout charges today, VAT included: the first period and the top-up, never the desk phones. */
  serviceDueTodayPence: number;
  /** VAT on the desk phones (shipping and its VAT come in the hardware checkout). */
  hardwareVatPence: number;
  hardwareTotalIncVatPence: number;
  /** All the VAT in the cart: the services' and the desk phones'. */
  cartVatPence: number;
  /** Everything in the cart, VAT included (each part paid in its own checkout). */
  cartTotalIncVatPence: number;
}

export interface Cart {
  id: string;
  version: number;
  package: PlanId | null;
  billingCycle: BillingCycle | null;
  items: CartItem[];
  addOns: CartAddOn[];
  topUpPence: number;
  phoneNumbers: CartPhoneNumber[];
  hasSelectedNumbers: boolean;
  /** Whether a number added now is within the plan's included numbers (the number cards show "Included"). */
  nextNumberIncluded: boolean;
  isTrialFlow: boolean;
  badgeCount: number;
  hasHardware: boolean;
  hasServices: boolean;
  totals: CartTotals;
  /** Desk phones whose catalogue price changed since they went into the cart (the lines show today's price). */
  priceChanges: CartPriceChange[];
  /**
   * The version of the services' prices in this cart: the service checkout sends it when it
   * places the order (409 `price_changed` with the cart as priced now when it is not today's).
   */
  quoteVersion: string;
}

/** A desk phone priced otherwise than when it went into the cart. */
export interface CartPriceChange {
  productId: string;
  name: string;
  fromPence: number;
  toPence: number;
}

/** Body of every failed API call. */
export interface ApiErrorBody {
  error: string;
  code: string;
}

/** An extension as the account answers of the checkout and the trial give it. */
export interface ExtensionDetails {
  number: string;
  username: string;
  /** The SIP password: in the first answer only (null on a replay). */
  password: string | null;
}


/** A number of the free-trial pool (`GET /api/free-did-numbers/`), as the picker hands it to the trial sign-up. */
export interface FreeNumber {
  value: string;
  displayValue?: string;
  status?: string;
}

/** Where phones connect: the shop's SIP registrar (GET /api/orders/{id}/registrations). */
export interface SipServer {
  domain: string;
  port: number;
  transport: string;
}

/** An extension as the registrar sees it right now. */
export interface ExtensionRegistration {
  number: string;
  username: string;
  /** The registrar lets it register (false once a trial ended unconverted). */
  active: boolean;
  /** A phone is registered with it now. */
  registered: boolean;
}

export interface Registrations {
  sipServer: SipServer;
  extensions: ExtensionRegistration[];
}
