/** The checkout's user-facing messages outside the payment (spec 2 §2, §5 and §8), word for word. */
export const messages = {
  emptyCart: 'No package has been selected. Please select a package first.',
  cartLoadFailed: 'We could not load your cart. Please refresh the page.',

  formBanner: 'Please correct the errors below and try again.',
  submitFailed: 'Error submitting form. Please try again.',

  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  passwordsDiffer: 'Passwords do not match',
  companyRequired: 'Company name is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  postcodeRequired: 'Postcode is required',
  postcodeInvalid: 'Please enter a valid UK postcode (e.g., SW1A 1AA)',
  addressLine1Required: 'Address line 1 is required',
  cityRequired: 'City is required',

  addressNotFound: 'No addresses found for this postcode. Please check and try again.',
  addressUnavailable: 'Address lookup service unavailable. Please enter address manually.',
  addressLimit: 'Address lookup limit reached. Please enter address manually.',
  addressFailed: 'Unable to fetch addresses. Please enter your address manually.',
  addressSelectFailed: 'Error selecting address. Please try again.',

  googleConnectFailed: 'Failed to connect Google account. Please try again or fill the form manually.',
  googleSignInFailed: 'Google sign in failed. Please try again or fill the form manually.',
  googleConnected: 'Google account connected! Please complete the remaining fields below.',

  orderNotFound: 'No order data found. Please try placing an order again.',
  orderFailed: 'An error occurred while processing your order. Please try again.',
  passwordCopied: 'Password copied!',
  copyFailed: 'The password could not be copied. Please reveal it and copy it by hand.',
  passwordsNotStored:
    'For your security the SIP passwords were shown once, straight after your order, and are not stored in this browser. Reset them from your dashboard if you did not note them.',
} as const;
