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
