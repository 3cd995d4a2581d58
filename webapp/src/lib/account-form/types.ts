/** The account form of the checkout and the free trial (docs/product-rules.md, Account form), as the server takes it in `customerInfo`. */
import type { Schema } from '../api-types';

export interface CustomerInfo {
  email: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  firstName: string;
  lastName: string;
  phone: string;
  postcode: string;
  /** The whole address as one line. */
  address: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  /** Fixed: United Kingdom. */
  country: string;
  isGoogleSignIn: boolean;
  /** The Google ID token when the visitor signed up with Google (the server checks it). */
  googleCredential?: string;
}

/** The form fields a person types into (and the server may name in `fieldErrors`). */
export type AccountField =
  | 'email'
  | 'password'
  | 'confirmPassword'
  | 'companyName'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'postcode'
  | 'addressLine1'
  | 'addressLine2'
  | 'city';

export type FieldErrors = Partial<Record<AccountField, string>>;

export type AddressMode = 'lookup' | 'detail';

/** 422 `invalid_fields` of the account form. */
export type InvalidFieldsBody = Schema<'Refusal'> & { code: 'invalid_fields'; fieldErrors: Record<string, string> };

/** GET /api/address-lookup/?postcode= */
export type AddressSuggestion = Schema<'AddressOut'>;

export type AddressLookupResponse = Schema<'Addresses'>;
