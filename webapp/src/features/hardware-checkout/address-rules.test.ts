import { describe, expect, it } from 'vitest';
import { customerInfoFromDraft, emptyDraft, validateShippingAddress, type CustomerDraft } from './address-rules';

const filled = (overrides: Partial<CustomerDraft> = {}): CustomerDraft => ({
  email: 'jane@example.co.uk',
  firstName: 'Jane',
  lastName: 'Smith',
  phone: '020 7946 0123',
  line1: '1 Example Road',
  line2: '',
  city: 'Testtown',
  postalCode: 'ID1 1QD',
  country: 'GB',
  ...overrides,
});

describe('shipping address rules (docs/product-rules.md, Hardware checkout)', () => {
  it('accepts a complete UK or Irish address; line 2 is optional', () => {
    expect(validateShippingAddress(filled())).toEqual({});
    expect(validateShippingAddress(filled({ postalCode: 'd02 x285', country: 'IE' }))).toEqual({});
  });

  it('asks for every required field with its message', () => {
    expect(validateShippingAddress(emptyDraft())).toEqual({
      email: 'Email is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone number is required',
      line1: 'Address line 1 is required',
      city: 'City is required',
      postalCode: 'Postal code is required',
    });
    expect(validateShippingAddress(filled({ firstName: '   ' }))).toEqual({ firstName: 'First name is required' });
  });

  it.each(['jane@example', 'jane example.com', '@example.com'])('%s: Email is invalid', (email) => {
    expect(validateShippingAddress(filled({ email }))).toEqual({ email: 'Email is invalid' });
  });

  it('a UK postal code must look like one; an Irish one need not', () => {
    for (const postalCode of ['12345', 'SW1A', 'ABC DEF']) {
      expect(validateShippingAddress(filled({ postalCode }))).toEqual({ postalCode: 'Please enter a valid UK postal code' });
    }
    expect(validateShippingAddress(filled({ postalCode: '12345', country: 'IE' }))).toEqual({});
  });

  it('the draft goes to the server trimmed, a UK postal code in capitals', () => {
    expect(customerInfoFromDraft(filled({ email: ' jane@example.co.uk ', postalCode: 'id1 1qd ', line2: ' Flat 2 ' }))).toEqual({
      email: 'jane@example.co.uk',
      firstName: 'Jane',
      lastName: 'Smith',
      phone: '020 7946 0123',
      address: { line1: '1 Example Road', line2: 'Flat 2', city: 'Testtown', postalCode: 'ID1 1QD', country: 'GB' },
    });
    expect(customerInfoFromDraft(filled({ postalCode: 'd02 x285', country: 'IE' })).address.postalCode).toBe('d02 x285');
  });
});
