/** The account form's user-facing messages (docs/product-rules.md, Account form), word for word. */
export const formMessages = {
  formBanner: 'Please correct the errors below and try again.',
  submitFailed: 'Error submitting form. Please try again.',

  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 12 characters',
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
} as const;
