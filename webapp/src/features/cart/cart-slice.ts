import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStorage } from '../../lib/storage';

/** localStorage key holding the id of the visitor's server-side cart. */
export const CART_ID_KEY = 'cartId';

/** Client-only cart state: the cart itself lives on the server. */
export interface CartState {
  cartId: string | null;
  dropdownOpen: boolean;
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({ cartId: readStorage(CART_ID_KEY), dropdownOpen: false }),
  reducers: {
    cartCreated(state, action: PayloadAction<string>) {
      state.cartId = action.payload;
    },
    /** The stored id names no cart on the server (404): start again with none. */
    cartForgotten(state) {
      state.cartId = null;
    },
    cartDropdownToggled(state) {
      state.dropdownOpen = !state.dropdownOpen;
    },
    cartDropdownClosed(state) {
      state.dropdownOpen = false;
    },
  },
  selectors: {
    selectCartId: (state) => state.cartId,
    selectCartDropdownOpen: (state) => state.dropdownOpen,
  },
});

export const { cartCreated, cartForgotten, cartDropdownToggled, cartDropdownClosed } = cartSlice.actions;
export const { selectCartId, selectCartDropdownOpen } = cartSlice.selectors;
