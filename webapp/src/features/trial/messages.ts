import { formMessages } from '../../lib/account-form/messages';

/** The free trial's user-facing messages (docs/product-rules.md, Free trial; the server's from api/API.md), word for word. */
export const messages = {
  ...formMessages,
  createFailed: 'Error creating account. Please try again.',
  /** The server's `fieldErrors.selectedNumber`, also said before calling it. */
  chooseNumber: 'Please choose a free number first.',
  noNumber: 'No number selected',
  creating: 'Creating Account...',
  start: 'Start Free Trial',
  trialStarted: 'Your 7-day free trial has started successfully.',
  notAssigned: 'Not assigned',
  extensionCreating: 'Creating...',
  passwordGone:
    'For your security the SIP password was shown once, straight after you signed up, and is not stored in this browser. Reset it from your dashboard if you did not note it.',
  cardUnavailable: 'The card form could not be loaded. You can start your trial without a card and add one later.',
  trialNotFound: 'We could not find your free trial in this browser. Your trial details are in your confirmation email.',
} as const;
