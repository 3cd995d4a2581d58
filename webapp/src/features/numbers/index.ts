/** Light public API of the numbers feature; the pages are imported by their lazy routes. */
export type { NumberSelection } from './types';
