/** Light public API of the cart feature (the add-ons page is imported by its lazy route only). */
export { cartForgotten, cartSlice } from './cart-slice';
export { cartStorageMiddleware } from './cart-storage';
export { CartDropdown } from './components/cart-dropdown';
export {
  cartReceived,
  useAddHardwareMutation,
  useAddNumberMutation,
  useLazyGetCartQuery,
  useRemoveNumberMutation,
  useReplaceNumbersMutation,
  useSelectPackageMutation,
} from './api';
export { isEmptyCart } from './cart-contents';
export { useCart } from './use-cart';
