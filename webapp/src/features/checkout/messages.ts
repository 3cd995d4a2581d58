import { formMessages } from '../../lib/account-form/messages';

/** The checkout's user-facing messages outside the payment (docs/product-rules.md, Service checkout), word for word. */
export const messages = {
  ...formMessages,
  emptyCart: 'No package has been selected. Please select a package first.',
  cartLoadFailed: 'We could not load your cart. Please refresh the page.',

  googleConnectFailed: 'Failed to connect Google account. Please try again or fill the form manually.',
  googleSignInFailed: 'Google sign in failed. Please try again or fill the form manually.',
  googleConnected: 'Google account connected! Please complete the remaining fields below.',

  orderNotFound: 'No order data found. Please try placing an order again.',
  orderFailed: 'An error occurred while processing your order. Please try again.',
  passwordsNotStored:
    'For your security the SIP passwords were shown once, straight after your order, and are not stored in this browser. Reset them from your dashboard if you did not note them.',
} as const;
