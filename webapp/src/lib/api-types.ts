/**
 * Wire types of the HTTP API, named as the pages use them. Each is the server's own schema,
 * taken from its OpenAPI document (src/generated/api.ts, made by `npm run api-types`): a field
 * that changes on the server changes here, and the CI drift gate keeps the two together. Every
 * amount is integer pence.
 */
import type { components, operations } from '../generated/api';

/** A schema of the server's OpenAPI document, by name. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type BillingCycle = Schema<'BillingCycle'>;
export type PlanId = Schema<'Plan'>;

export type CatalogueAddOn = Schema<'AddOnEntry'>;
export type CataloguePlan = Schema<'PlanEntry'>;
export type ConnectionOffer = Schema<'ConnectionOfferEntry'>;
/** The prices the marketing pages quote, ex VAT (docs/product-rules.md#marketing-prices). */
export type PriceList = Schema<'PriceListEntry'>;
/** GET /api/catalogue. */
export type Catalogue = Schema<'Catalogue'>;

/** GET /api/quote. */
export type Quote = Schema<'Quote'>;
export type QuoteArgs = operations['quote_package']['parameters']['query'];

export type CartItem = Schema<'ItemLine'>;
/** A number as the cart takes it (POST /api/cart/{id}/numbers). */
export type PhoneNumberEntry = Schema<'NumberBody'>;
/** A number as the cart holds it. */
export type CartPhoneNumber = Schema<'NumberLine'>;
export type CartTotals = Schema<'TotalsLine'>;
/** Every cart route answers the whole cart. */
export type Cart = Schema<'CartSummary'>;
/** A desk phone priced otherwise than when it went into the cart. */
export type CartPriceChange = Schema<'PriceChange'>;

/** Body of every failed API call. */
export type ApiErrorBody = Schema<'Refusal'>;

/** An extension as the account answers of the checkout and the trial give it (the SIP password in the first answer only). */
export type ExtensionDetails = Schema<'ExtensionOut'>;

/** A number of the free-trial pool (`GET /api/free-did-numbers/`), as the picker hands it to the trial sign-up. */
export type FreeNumber = Schema<'FreeNumberOut'>;

export type Registrations = Schema<'Registrations'>;

/**
 * A number being transferred in, as GET /api/orders/{id} lists it (in `ports`: the server's
 * names for transfers are its own), and where it stands: requested → detailsConfirmed →
 * submitted → dateSet → completed, or rejected.
 */
export type TransferLine = Schema<'TransferLine'>;
export type TransferState = Schema<'TransferState'>;
/** The buyer's transfer details and signed letter of authority. */
export type TransferDetails = Schema<'TransferDetailsBody'>;
