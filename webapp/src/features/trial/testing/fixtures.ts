import type { FreeNumber } from '../../../lib/api-types';
import type { CreateTrialAccountResponse, TrialThankYouState, TrialView } from '../types';

export const TRIAL_ID = 'd1469ae8-e632-49f7-b4d8-c653f16e37c0';

export const freeNumber: FreeNumber = { value: '441632960007', displayValue: '01632 960007', status: 'Available' };

export const trialConfig = {
  stripePublishableKey: 'pk_test_123',
  stripeJsUrl: 'http://localhost:8420/js.stripe.com/v3/',
  googleClientId: null,
};

export function trialAccountFixture(overrides: Partial<CreateTrialAccountResponse> = {}): CreateTrialAccountResponse {
  return {
    customerId: TRIAL_ID,
    trialId: TRIAL_ID,
    extensions: [{ number: '101', username: 'jane101', password: 'HYZo9yHHvGpo' }],
    trial_ends: '2026-11-30T09:00:00+00:00',
    email_sent: true,
    verifyBy: '2026-11-24T09:00:00Z',
    selectedNumber: { value: freeNumber.value, displayValue: freeNumber.displayValue },
    package: 'Single User VoIP - Trial',
    minutes: 50,
    ...overrides,
  };
}

export function thankYouState(overrides: Partial<TrialThankYouState> = {}): TrialThankYouState {
  return {
    isFreeTrial: true,
    userInfo: {
      email: 'jane@example.co.uk',
      companyName: 'Acme Ltd',
      firstName: 'Jane',
      lastName: 'Smith',
      phone: '020 7946 0123',
      postcode: 'SW1A 1AA',
      address: '',
      addressLine1: '',
      addressLine2: '',
      city: '',
      country: 'United Kingdom',
      isGoogleSignIn: false,
    },
    selectedNumber: freeNumber,
    extensionDetails: { number: '101', username: 'jane101', password: 'HYZo9yHHvGpo' },
    customerId: TRIAL_ID,
    trialId: TRIAL_ID,
    trial_ends: '2026-11-30T09:00:00+00:00',
    verifyBy: '2026-11-24T09:00:00Z',
    paymentMethodSaved: false,
    email_sent: true,
    ...overrides,
  };
}

export function trialViewFixture(overrides: Partial<TrialView> = {}): TrialView {
  return {
    trialId: TRIAL_ID,
    status: 'active',
    reminderSent: false,
    emailSent: true,
    package: 'Single User VoIP - Trial',
    number: freeNumber.value,
    displayNumber: freeNumber.displayValue,
    email: 'jane@example.co.uk',
    firstName: 'Jane',
    lastName: 'Smith',
    companyName: 'Acme Ltd',
    phone: '020 7946 0123',
    minutes: 50,
    startedAt: '2026-11-23T09:00:00Z',
    endsAt: '2026-11-30T09:00:00Z',
    extension: { number: '101', username: 'jane101' },
    paymentMethodSaved: true,
    verifyBy: '2026-11-24T09:00:00Z',
    emailVerified: false,
    ...overrides,
  };
}

/** A token as the confirmation link carries it (64 hexadecimal digits). */
export const VERIFY_TOKEN = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
