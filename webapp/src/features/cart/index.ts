/** Light public API of the cart feature (the add-ons page is imported by its lazy route only). */
export { cartForgotten } from './cart-slice';
export {
  cartReceived,
  useAddHardwareMutation,
  useAddNumberMutation,
  useLazyGetCartQuery,
  useRemoveNumberMutation,
} from './api';
export { isEmptyCart } from './cart-contents';
export { useCart } from './use-cart';
