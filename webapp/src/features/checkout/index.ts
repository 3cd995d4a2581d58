/** Light public API of the checkout feature; the pages are imported by their lazy routes. */
export type { CheckoutCart } from './types';
