import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { emptyForm } from '../lib/account-form/form-state';
import type { CustomerInfo } from '../lib/account-form/types';

/** A complete account form (lookup mode: no address lines), with any fields replaced. */
export function filledForm(overrides: Partial<CustomerInfo> = {}): CustomerInfo {
  return {
    ...emptyForm(),
    email: 'jane@example.co.uk',
    password: 'correct-horse',
    confirmPassword: 'correct-horse',
    companyName: 'Acme Ltd',
    firstName: 'Jane',
    lastName: 'Smith',
    phone: '020 7946 0123',
    postcode: 'SW1A 1AA',
    ...overrides,
  };
}

/** The labels of the form's always-shown fields, in page order. */
const LABELS: [keyof CustomerInfo, string][] = [
  ['email', 'Email'],
  ['password', 'Password'],
  ['confirmPassword', 'Confirm Password'],
  ['companyName', 'Company Name'],
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['phone', 'Phone Number'],
  ['postcode', 'Postcode'],
];

/** Types the form's contact, company and postcode fields as a person does (empty ones are skipped). */
export async function typeAccountForm(user: UserEvent, form: CustomerInfo = filledForm()): Promise<void> {
  for (const [field, label] of LABELS) {
    const value = form[field];
    if (typeof value === 'string' && value) await user.type(screen.getByLabelText(label), value);
  }
}
