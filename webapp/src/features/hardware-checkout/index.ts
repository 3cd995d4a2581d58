/** Light public API of the hardware checkout; its pages are imported by their lazy routes. */
export type { HardwareCheckoutCart } from './types';
