/**
 * The rules of a number transfer, mirrored from the server's: the numbers pages' Transfer tab
 * (aggregates/src/cart/validation.rs: a UK mobile (07) moves with its PAC code, a UK landline or
 * non-geographic number with a letter of authority after checkout, and a number from abroad on
 * a quote), then the buyer's side after checkout (which step a transfer has reached, the checks
 * of the transfer details: aggregates/src/transfer/aggregate.rs and customer.rs `uk_postcode`).
 */
import type { TransferDetails, TransferLine, TransferState } from './api-types';

/** How the page treats a typed number. */
type TransferKind = 'mobile' | 'uk' | 'foreign' | 'unknown';

export const transferMessages = {
  /** The server's `pac_required`. */
  pacRequired: 'A mobile number moves with its PAC code: text PAC to 65075 from the phone to get it, then enter it here.',
  /** The server's `invalid_pac`. */
  pacInvalid: 'A PAC code is 3 letters then 6 digits, like ABC123456.',
  /** Ofcom's scheme: the network texts the PAC to the phone. */
  pacHint: 'Text PAC to 65075 from the phone to get it; it is valid for 30 days.',
  ukHint: 'Bring your existing UK number (01, 02, 03, 07, 0800, 0808, 0845 or 0870). Porting is free and takes 2-3 business days.',
  internationalHint:
    'Moving a number from abroad? We arrange international porting on a quote. UK numbers (01, 02, 03, 07, 0800, 0808, 0845 or 0870) move online, free.',
  foreignOffer: 'We transfer numbers from abroad on a quote: our sales team checks the country and the carrier, and replies within the hour in office hours.',
  foreignLink: 'Request a quote for international porting',
} as const;

/** Digits with their `+`, without the spaces, hyphens, brackets and dots people type (the server's `normalise_number_value`). */
function compact(typed: string): string {
  return typed.trim().replace(/[\s\-().]/g, '');
}

/** What kind of transfer a typed number is: a UK mobile, another UK number, a number from abroad, or not yet a number. */
export function transferKind(typed: string): TransferKind {
  const value = compact(typed);
  if (!/^\+?\d{4,15}$/.test(value)) return 'unknown';
  const international = value.startsWith('+') ? value.slice(1) : value.startsWith('00') ? value.slice(2) : null;
  if (international !== null && international !== '' && !international.startsWith('44')) return 'foreign';
  const digits = value.replace(/^\+/, '');
  let national = digits;
  if (digits.startsWith('0044')) national = `0${digits.slice(4)}`;
  else if (digits.startsWith('44') && digits.length >= 12) national = `0${digits.slice(2)}`;
  return national.startsWith('07') ? 'mobile' : 'uk';
}

/** A PAC as the server stores it: spaces and hyphens dropped, upper case; null when it is not 3 letters then 6 digits. */
export function normalisePac(typed: string): string | null {
  const pac = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z]{3}\d{6}$/.test(pac) ? pac : null;
}

/** The PAC field's message: undefined when the PAC will do. */
export function pacError(typed: string): string | undefined {
  if (!typed.trim()) return transferMessages.pacRequired;
  return normalisePac(typed) ? undefined : transferMessages.pacInvalid;
}

/** The quote page for porting a number from abroad, with the number filled in. */
export function internationalPortingQuote(number: string): string {
  const params = new URLSearchParams({ product: 'internationalPorting', number: number.trim() });
  return `/quote?${params.toString()}`;
}

/** The steps a transfer goes through, as the buyer's page shows them. */
export const TRANSFER_STEPS = ['Requested', 'Details confirmed', 'Submitted', 'Date set', 'Transferred'] as const;

const STEP_OF: Record<TransferState, number> = {
  requested: 0,
  detailsConfirmed: 1,
  submitted: 2,
  dateSet: 3,
  completed: 4,
  // A rejected transfer waits for corrected details again: back at the first step.
  rejected: 0,
};

/** The index in TRANSFER_STEPS of the step the transfer has reached. */
export function transferStepIndex(state: TransferState): number {
  return STEP_OF[state] ?? 0;
}

/** Not yet transferred or rejected: staff may still move it along. */
export function isTransferOpen(transfer: Pick<TransferLine, 'state'>): boolean {
  return transfer.state !== 'completed' && transfer.state !== 'rejected';
}

/** The buyer confirms (or corrects) the details and signs: before staff submit, and after a rejection. */
export function buyerMaySign(state: TransferState): boolean {
  return state === 'requested' || state === 'detailsConfirmed' || state === 'rejected';
}

/** Longest account holder, provider or signature accepted (the server's MAX_TRANSFER_TEXT). */
const MAX_TRANSFER_TEXT = 100;

export const transferDetailsMessages = {
  accountHolderMissing: 'Enter the account holder’s name exactly as your current provider has it.',
  accountHolderTooLong: `The account holder’s name can be at most ${MAX_TRANSFER_TEXT} characters.`,
  currentProviderMissing: 'Enter the name of your current phone provider.',
  currentProviderTooLong: `The provider’s name can be at most ${MAX_TRANSFER_TEXT} characters.`,
  billingPostcodeInvalid: 'Enter the billing postcode of the current account as a UK postcode, like SW1A 1AA.',
  signedNameMissing: 'Type your full name to sign the letter of authority.',
  signedNameTooLong: `Your name can be at most ${MAX_TRANSFER_TEXT} characters.`,
  authorityMissing: 'Tick the box to authorise the transfer: your current provider needs your authority to release the number.',
  fixFields: 'Please check the transfer details marked below.',
  failed: 'We could not save your transfer details. Please try again.',
  signed: 'Thank you: we have your transfer details and your signed letter of authority.',
  pacGiven: 'Thank you: we have your new PAC code.',
} as const;

export type TransferDetailsField = keyof TransferDetails;
export type TransferDetailsErrors = Partial<Record<TransferDetailsField, string>>;

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
  return [...text].length > MAX_TRANSFER_TEXT ? tooLong : undefined;
}

/** What to correct in the form, by field (empty when the server would accept it). */
export function transferDetailsErrors(form: TransferDetails): TransferDetailsErrors {
  const errors: TransferDetailsErrors = {};
  const holder = textError(form.accountHolder, transferDetailsMessages.accountHolderMissing, transferDetailsMessages.accountHolderTooLong);
  if (holder) errors.accountHolder = holder;
  const provider = textError(form.currentProvider, transferDetailsMessages.currentProviderMissing, transferDetailsMessages.currentProviderTooLong);
  if (provider) errors.currentProvider = provider;
  if (!ukPostcode(form.billingPostcode)) errors.billingPostcode = transferDetailsMessages.billingPostcodeInvalid;
  const signed = textError(form.signedName, transferDetailsMessages.signedNameMissing, transferDetailsMessages.signedNameTooLong);
  if (signed) errors.signedName = signed;
  if (!form.authorised) errors.authorised = transferDetailsMessages.authorityMissing;
  return errors;
}

/** The form for a transfer: its details as last signed (the postcode, signature and tick are given afresh). */
export function transferDetailsFormFor(transfer: TransferLine): TransferDetails {
  return {
    accountHolder: transfer.accountHolder ?? '',
    currentProvider: transfer.currentProvider ?? '',
    billingPostcode: '',
    signedName: '',
    authorised: false,
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A calendar day (YYYY-MM-DD) in words: "Tuesday 1 December 2026"; the text as given when it is not a date. */
export function formatTransferDate(day: string): string {
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
