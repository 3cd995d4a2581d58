import type { Schema } from '../../lib/api-types';

/** What the account holds, as GET /api/account/orders answers. */
export type AccountOrders = Schema<'AccountOrders'>;
/** One service order's page, as GET /api/account/orders/{id} answers. */
export type AccountOrderDetail = Schema<'AccountOrderDetail'>;
export type AccountExtension = Schema<'AccountExtension'>;

/** An extension's new SIP password, shown once. */
export type NewSipPassword = Schema<'NewSipPassword'>;
/** The order's number transfers, as the account's transfer routes answer. */
export type Transfers = Schema<'Transfers'>;
export type LetterOfAuthority = Schema<'LetterOfAuthorityBody'>;
/** A desk-phone order's VAT receipt. */
export type HardwareReceipt = Schema<'HardwareReceipt'>;

/** The order's invoices, card and credit (api/src/http/routes/account_invoices_and_credit.rs). */
export type Invoice = Schema<'InvoiceOut'>;
export type Card = Schema<'CardOut'>;
export type CardChange = Schema<'CardChangeOut'>;
export type Cancellation = Schema<'CancellationOut'>;
export type Credit = Schema<'CreditOut'>;
export type CreditEntry = Schema<'CreditEntryOut'>;
export type TopUp = Schema<'TopUpOut'>;
