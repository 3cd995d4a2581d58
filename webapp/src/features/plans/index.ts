/** Light public API of the plans feature; page components are imported by their lazy routes. */
export { billingSlice } from './billing-slice';
export { homePageRules, plansPageRules } from './quantity-rules';
export type { BuyNowHandler, PackageSelection } from './types';
