/**
 * The buyer's side of a number transfer (port): which step it has reached, the checks of the
 * transfer details (the server's, mirrored: aggregates/src/service_order/ports.rs and
 * customer.rs `uk_postcode`), and how often the thank-you page asks for the order again.
 */
import { EMAIL_POLL_MS, emailSettled } from '../../components/email-status';
import type { OrderView, PortDetailsForm, PortLine, PortState } from './types';

/** The steps a transfer goes through, as the buyer's page shows them. */
export const PORT_STEPS = ['Requested', 'Details confirmed', 'Submitted', 'Date set', 'Transferred'] as const;

const STEP_OF: Record<PortState, number> = {
  requested: 0,
  detailsConfirmed: 1,
  submitted: 2,
  dateSet: 3,
  completed: 4,
  // A rejected transfer waits for corrected details again: back at the first step.
  rejected: 0,
};

/** The index in PORT_STEPS of the step the transfer has reached. */
export function portStepIndex(state: PortState): number {
  return STEP_OF[state] ?? 0;
}

/** Not yet transferred or rejected: staff may still move it along. */
export function isPortOpen(port: Pick<PortLine, 'state'>): boolean {
  return port.state !== 'completed' && port.state !== 'rejected';
}

/** The buyer confirms (or corrects) the details and signs: before staff submit, and after a rejection. */
export function buyerMaySign(state: PortState): boolean {
  return state === 'requested' || state === 'detailsConfirmed' || state === 'rejected';
}

/** How often the page asks again while a transfer is open, so that staff's steps show. */
export const PORT_POLL_MS = 30_000;

/**
 * The thank-you page's polling interval: every few seconds until the confirmation e-mail has
 * settled (also before the order has loaded), then every 30 seconds while a transfer is open,
 * else not at all.
 */
export function orderPollInterval(order: Pick<OrderView, 'emailStatus' | 'ports'> | undefined): number {
  if (!order || !emailSettled(order.emailStatus)) return EMAIL_POLL_MS;
  return (order.ports ?? []).some(isPortOpen) ? PORT_POLL_MS : 0;
}

/** Longest account holder, provider or signature accepted (the server's MAX_PORT_TEXT). */
export const MAX_PORT_TEXT = 100;

export const portMessages = {
  accountHolderMissing: 'Enter the account holder’s name exactly as your current provider has it.',
  accountHolderTooLong: `The account holder’s name can be at most ${MAX_PORT_TEXT} characters.`,
  currentProviderMissing: 'Enter the name of your current phone provider.',
  currentProviderTooLong: `The provider’s name can be at most ${MAX_PORT_TEXT} characters.`,
  billingPostcodeInvalid: 'Enter the billing postcode of the current account as a UK postcode, like SW1A 1AA.',
  signedNameMissing: 'Type your full name to sign the letter of authority.',
  signedNameTooLong: `Your name can be at most ${MAX_PORT_TEXT} characters.`,
  authorityMissing: 'Tick the box to authorise the transfer: your current provider needs your authority to release the number.',
  fixFields: 'Please check the transfer details marked below.',
  failed: 'We could not save your transfer details. Please try again.',
  signed: 'Thank you: we have your transfer details and your signed letter of authority.',
  pacGiven: 'Thank you: we have your new PAC code.',
} as const;

export type PortField = keyof PortDetailsForm;
export type PortFieldErrors = Partial<Record<PortField, string>>;

/** A UK postcode in its standard form ("SW1A 1AA"), or null: the server's `uk_postcode`. */
export function ukPostcode(text: string): string | null {
  const trimmed = text.trim();
  // Only ASCII, checked before upper-casing (which turns 'ß' into 'SS').
  if ([...trimmed].some((char) => char.charCodeAt(0) > 127)) return null;
  const upper = trimmed.toUpperCase();
  let outward: string;
  let inward: string;
  const space = upper.indexOf(' ');
  if (space >= 0) {
    outward = upper.slice(0, space);
    inward = upper.slice(space + 1);
  } else if (upper.length > 3) {
    outward = upper.slice(0, -3);
    inward = upper.slice(-3);
  } else {
    return null;
  }
  const shape = (part: string) => part.replace(/[A-Z]/g, 'A').replace(/[0-9]/g, '9').replace(/[^A9]/g, '?');
  const outwardOk = ['A9', 'A99', 'AA9', 'AA99', 'A9A', 'AA9A'].includes(shape(outward));
  return outwardOk && shape(inward) === '9AA' ? `${outward} ${inward}` : null;
}

/** Whitespace runs as one space, trimmed (as the server reads a name). */
function squeezed(text: string): string {
  return text.split(/\s+/).filter(Boolean).join(' ');
}

function textError(value: string, missing: string, tooLong: string): string | undefined {
  const text = squeezed(value);
  if (!text) return missing;
  return [...text].length > MAX_PORT_TEXT ? tooLong : undefined;
}

/** What to correct in the form, by field (empty when the server would accept it). */
export function portDetailsErrors(form: PortDetailsForm): PortFieldErrors {
  const errors: PortFieldErrors = {};
  const holder = textError(form.accountHolder, portMessages.accountHolderMissing, portMessages.accountHolderTooLong);
  if (holder) errors.accountHolder = holder;
  const provider = textError(form.currentProvider, portMessages.currentProviderMissing, portMessages.currentProviderTooLong);
  if (provider) errors.currentProvider = provider;
  if (!ukPostcode(form.billingPostcode)) errors.billingPostcode = portMessages.billingPostcodeInvalid;
  const signed = textError(form.signedName, portMessages.signedNameMissing, portMessages.signedNameTooLong);
  if (signed) errors.signedName = signed;
  if (!form.authorised) errors.authorised = portMessages.authorityMissing;
  return errors;
}

/** The form for a port: its details as last signed (the postcode, signature and tick are given afresh). */
export function portDetailsFormFor(port: PortLine): PortDetailsForm {
  return {
    accountHolder: port.accountHolder ?? '',
    currentProvider: port.currentProvider ?? '',
    billingPostcode: '',
    signedName: '',
    authorised: false,
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A calendar day (YYYY-MM-DD) in words: "Tuesday 1 December 2026"; the text as given when it is not a date. */
export function formatPortDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return day;
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A moment as a day in words without the weekday: "24 November 2026" (UK time). */
export function formatSignedDay(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
}

/** A moment's day in the UK as YYYY-MM-DD. */
export function ukDay(date: Date): string {
  return date.toLocaleDateString('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/London' });
}
