import { describe, expect, it } from 'vitest';
import { filledForm } from '../../testing/account-form';
import { customerInfoForServer, isLookupLength, normalisePostcode, validateAccount } from './validation';

describe('account form rules', () => {
  it('accepts a complete form', () => {
    expect(validateAccount(filledForm(), 'lookup')).toEqual({});
    expect(validateAccount(filledForm({ phone: '+44 (0)20 7946-0123', postcode: 'm11ae' }), 'lookup')).toEqual({});
  });

  it('asks for every required field with its message', () => {
    const empty = filledForm({ email: '', password: '', confirmPassword: '', companyName: ' ', firstName: '', lastName: '', phone: '', postcode: '' });
    expect(validateAccount(empty, 'detail')).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      companyName: 'Company name is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone number is required',
      postcode: 'Postcode is required',
      addressLine1: 'Address line 1 is required',
      city: 'City is required',
    });
  });

  it.each([
    ['email', { email: 'jane@example' }, 'Please enter a valid email address'],
    ['email', { email: 'jane example.com' }, 'Please enter a valid email address'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 12 characters'],
    ['confirmPassword', { confirmPassword: 'something-else' }, 'Passwords do not match'],
    ['phone', { phone: '12345' }, 'Please enter a valid phone number'],
    ['phone', { phone: '020 7946 abcd' }, 'Please enter a valid phone number'],
    ['postcode', { postcode: '12345' }, 'Please enter a valid UK postcode (e.g., SW1A 1AA)'],
    ['postcode', { postcode: 'SW1A 1A' }, 'Please enter a valid UK postcode (e.g., SW1A 1AA)'],
  ] as const)('%s: %o gives "%s"', (field, overrides, message) => {
    expect(validateAccount(filledForm(overrides), 'lookup')[field]).toBe(message);
  });

  it('asks no password of a Google sign-up', () => {
    expect(validateAccount(filledForm({ password: '', confirmPassword: '', isGoogleSignIn: true }), 'lookup')).toEqual({});
  });

  it('needs line 1 and city only when the detailed address is shown; line 2 is optional', () => {
    expect(validateAccount(filledForm(), 'lookup')).toEqual({});
    expect(validateAccount(filledForm({ addressLine1: '10 Downing Street', city: 'London' }), 'detail')).toEqual({});
  });

  it('normalises postcodes for the lookup (5 to 8 characters)', () => {
    expect(normalisePostcode(' sw1a 1aa ')).toBe('SW1A1AA');
    expect(isLookupLength('SW1A')).toBe(false);
    expect(isLookupLength('M11AE')).toBe(true);
    expect(isLookupLength('SW1A1AAX')).toBe(true);
    expect(isLookupLength('SW1A1AAXY')).toBe(false);
  });
});

describe('customerInfoForServer', () => {
  it('trims, and joins the detailed address into one line', () => {
    const form = filledForm({ email: ' jane@example.co.uk ', postcode: 'sw1a 2aa', addressLine1: '10 Downing Street ', addressLine2: '', city: 'London' });
    expect(customerInfoForServer(form, 'detail')).toMatchObject({
      email: 'jane@example.co.uk',
      postcode: 'SW1A 2AA',
      address: '10 Downing Street, London, SW1A 2AA',
      country: 'United Kingdom',
    });
  });

  it('sends the Google token only for a Google sign-up', () => {
    expect(customerInfoForServer(filledForm({ googleCredential: 'token' }), 'lookup')).not.toHaveProperty('googleCredential');
    expect(customerInfoForServer(filledForm({ googleCredential: 'token', isGoogleSignIn: true }), 'lookup').googleCredential).toBe('token');
  });
});
