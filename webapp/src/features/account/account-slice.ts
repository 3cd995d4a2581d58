import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in customer, as /api/account/me and /api/account/sign-in answer. */
export interface AccountSession {
  email: string;
  csrfToken: string;
  /** The account's address is confirmed (a link sent to it was followed, or Google vouched). */
  verified: boolean;
}

/**
 * The customer's session in the account pages: `unknown` until /api/account/me answered,
 * then signed in (with the session) or signed out. Nothing is persisted: the session itself
 * is an HttpOnly cookie.
 */
export interface AccountState {
  status: 'unknown' | 'signedIn' | 'signedOut';
  session: AccountSession | null;
}

const initialState: AccountState = { status: 'unknown', session: null };

export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<AccountSession>) {
      state.status = 'signedIn';
      state.session = action.payload;
    },
    signedOut(state) {
      state.status = 'signedOut';
      state.session = null;
    },
  },
  selectors: {
    selectAccountSession: (state) => state.session,
    selectAccountStatus: (state) => state.status,
  },
});

export const { signedIn, signedOut } = accountSlice.actions;
export const { selectAccountSession, selectAccountStatus } = accountSlice.selectors;
