import { formMessages as messages } from './messages';
import type { AddressMode, CustomerInfo, FieldErrors } from './types';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Optional leading plus, then at least 10 digits, spaces, hyphens or brackets. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;
/** 1-2 letters, 1-2 digits, an optional letter, then a digit and two letters. */
export const UK_POSTCODE = /^[A-Z]{1,2}\d{1,2}[A-Z]?\s*\d[A-Z]{2}$/i;

const PASSWORD_MIN_LENGTH = 12;

/** The account form's rules (docs/product-rules.md, Account form). Passwords are not asked of a Google sign-up. */
export function validateAccount(form: CustomerInfo, addressMode: AddressMode): FieldErrors {
  const errors: FieldErrors = {};
  const email = form.email.trim();
  if (!email) errors.email = messages.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = messages.emailInvalid;

  if (!form.isGoogleSignIn) {
    if (!form.password) errors.password = messages.passwordRequired;
    else if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = messages.passwordShort;
    if (form.confirmPassword !== form.password) errors.confirmPassword = messages.passwordsDiffer;
  }

  if (!form.companyName.trim()) errors.companyName = messages.companyRequired;
  if (!form.firstName.trim()) errors.firstName = messages.firstNameRequired;
  if (!form.lastName.trim()) errors.lastName = messages.lastNameRequired;

  const phone = form.phone.trim();
  if (!phone) errors.phone = messages.phoneRequired;
  else if (!PHONE_PATTERN.test(phone)) errors.phone = messages.phoneInvalid;

  const postcode = form.postcode.trim();
  if (!postcode) errors.postcode = messages.postcodeRequired;
  else if (!UK_POSTCODE.test(postcode)) errors.postcode = messages.postcodeInvalid;

  if (addressMode === 'detail') {
    if (!form.addressLine1.trim()) errors.addressLine1 = messages.addressLine1Required;
    if (!form.city.trim()) errors.city = messages.cityRequired;
  }
  return errors;
}

/** A postcode as the lookup reads it: spaces removed, upper case. */
export function normalisePostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

/** Whether a typed postcode is worth looking up (5 to 8 characters once normalised). */
export function isLookupLength(normalised: string): boolean {
  return normalised.length >= 5 && normalised.length <= 8;
}

/** The form as the server takes it: trimmed, the detailed address joined into one line, no Google token unless signed in with Google. */
export function customerInfoForServer(form: CustomerInfo, addressMode: AddressMode): CustomerInfo {
  const trimmed: CustomerInfo = {
    ...form,
    email: form.email.trim(),
    companyName: form.companyName.trim(),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    phone: form.phone.trim(),
    postcode: form.postcode.trim().toUpperCase(),
    addressLine1: form.addressLine1.trim(),
    addressLine2: form.addressLine2.trim(),
    city: form.city.trim(),
  };
  if (addressMode === 'detail') {
    trimmed.address = [trimmed.addressLine1, trimmed.addressLine2, trimmed.city, trimmed.postcode].filter(Boolean).join(', ');
  }
  if (!form.isGoogleSignIn) delete trimmed.googleCredential;
  return trimmed;
}
