/** The hardware checkout's user-facing messages outside the payment (docs/product-rules.md, Hardware checkout), word for word. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  line1Required: 'Address line 1 is required',
  cityRequired: 'City is required',
  postalCodeRequired: 'Postal code is required',
  postalCodeInvalid: 'Please enter a valid UK postal code',

  shippingNote: 'Shipping is calculated in the next step, once you choose how your phones are delivered.',
  quoteFailed: 'We could not load your desk phones. Please refresh the page.',
  optionsFailed: 'We could not load the shipping options. Please refresh the page.',
  placeFailed: 'Your order could not be placed. Please try again.',

  orderNotFoundTitle: 'Order Not Found',
  orderNotFound: "We couldn't find your order details. Please contact customer support for assistance.",
  orderViewFailed:
    'We could not load your order details just now. Your payment is safe; your confirmation email will have the details, or contact support with your order number.',
} as const;
