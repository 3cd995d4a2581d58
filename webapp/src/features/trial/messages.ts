import { formMessages } from '../../lib/account-form/messages';
import { TRIAL_DAYS, TRIAL_VERIFY_HOURS } from '../../config/trial';

/** The free trial's user-facing messages (docs/product-rules.md, Free trial; the server's from api/API.md), word for word. */
export const messages = {
  ...formMessages,
  createFailed: 'Error creating account. Please try again.',
  /** The server's `fieldErrors.selectedNumber`, also said before calling it. */
  chooseNumber: 'Please choose a free number first.',
  noNumber: 'No number selected',
  creating: 'Creating Account...',
  start: 'Start Free Trial',
  trialStarted: `Your ${TRIAL_DAYS}-day free trial has started successfully.`,
  notAssigned: 'Not assigned',
  extensionCreating: 'Creating...',
  passwordGone:
    'For your security the SIP password was shown once, straight after you signed up, and is not stored in this browser. Reset it from your dashboard if you did not note it.',
  cardUnavailable: 'The card form could not be loaded. You can start your trial without a card and add one later.',
  trialNotFound: 'We could not find your free trial in this browser. Your trial details are in your confirmation email.',
  /** The sign-up, under its button. */
  confirmationAhead: `We will email you a link to confirm your address: open it within ${TRIAL_VERIFY_HOURS} hours to make calls and keep your number.`,
  confirmHeading: 'Confirm your email address',
  emailConfirmed: 'Your email address is confirmed.',
  /** The /trial/verify page. */
  confirming: 'Confirming your email address…',
  linkIncomplete: 'This confirmation link is incomplete. Open the link from the email we sent you again, making sure you have all of it.',
  confirmFailed:
    'We could not confirm your email address just now. Please try again in a minute; if it keeps failing, contact support.',
} as const;

/** The thank-you page's words while the e-mail address waits for its confirmation. */
export function confirmBy(email: string, deadline: string): string {
  const by = deadline ? `by ${deadline}` : `within ${TRIAL_VERIFY_HOURS} hours`;
  return `We have emailed a link to ${email}. Open it ${by}: until then your trial cannot make outgoing calls, and if it is not confirmed in time the trial ends and your number is released.`;
}

/** The /trial/verify page once the server confirmed the address. */
export function confirmedFor(number: string, ends: string): string {
  const until = ends ? ` until ${ends}` : ` for the ${TRIAL_DAYS} days of your trial`;
  return `Your email address is confirmed. Your free trial can now make outgoing calls, and ${number} is yours${until}.`;
}
