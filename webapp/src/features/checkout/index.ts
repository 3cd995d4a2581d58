/** Light public API of the checkout feature; the pages are imported by their lazy routes. */
export type { CheckoutCart } from './types';
/** The transfers' steps and the letter of authority, for the account's order page (app layer joins them). */
export { NumberTransfers, type PortActions } from './components/number-transfers';
export type { PortLine, PortDetailsForm } from './types';
