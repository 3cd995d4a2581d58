import { UK_POSTCODE } from '../../lib/account-form/validation';
import { messages } from './messages';
import type { CustomerFieldErrors, HardwareCustomerInfo } from './types';

/** The shipping address form as typed (the customer info of the contract, flat). */
export interface CustomerDraft {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  /** GB (the default) or IE. */
  country: string;
}

export type DraftField = keyof CustomerDraft;

const DEFAULT_SHIPPING_COUNTRY = 'GB';

export function emptyDraft(): CustomerDraft {
  return { email: '', firstName: '', lastName: '', phone: '', line1: '', line2: '', city: '', postalCode: '', country: DEFAULT_SHIPPING_COUNTRY };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The shipping address rules (docs/product-rules.md, Hardware checkout); a United Kingdom postal code must look like one. */
export function validateShippingAddress(draft: CustomerDraft): CustomerFieldErrors {
  const errors: CustomerFieldErrors = {};
  const email = draft.email.trim();
  if (!email) errors.email = messages.emailRequired;
  else if (!EMAIL.test(email)) errors.email = messages.emailInvalid;
  if (!draft.firstName.trim()) errors.firstName = messages.firstNameRequired;
  if (!draft.lastName.trim()) errors.lastName = messages.lastNameRequired;
  if (!draft.phone.trim()) errors.phone = messages.phoneRequired;
  if (!draft.line1.trim()) errors.line1 = messages.line1Required;
  if (!draft.city.trim()) errors.city = messages.cityRequired;
  const postalCode = draft.postalCode.trim();
  if (!postalCode) errors.postalCode = messages.postalCodeRequired;
  else if (draft.country === 'GB' && !UK_POSTCODE.test(postalCode)) errors.postalCode = messages.postalCodeInvalid;
  return errors;
}

/** The draft as the server takes it in `customerInfo`: trimmed, a UK postal code in capitals. */
export function customerInfoFromDraft(draft: CustomerDraft): HardwareCustomerInfo {
  const postalCode = draft.postalCode.trim();
  return {
    email: draft.email.trim(),
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    phone: draft.phone.trim(),
    address: {
      line1: draft.line1.trim(),
      line2: draft.line2.trim(),
      city: draft.city.trim(),
      postalCode: draft.country === 'GB' ? postalCode.toUpperCase() : postalCode,
      country: draft.country,
    },
  };
}
