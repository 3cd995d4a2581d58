/** Light public API of the hardware feature; the page is imported by its lazy route. */
export type { AddToCart } from './types';
