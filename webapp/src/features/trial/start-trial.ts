import type { CustomerInfo, FieldErrors } from '../../lib/account-form/types';
import { serverErrorText } from '../../lib/api-error';
import type { FreeNumber } from '../../lib/api-types';
import { paymentMethodId, type StripeCardElement, type StripeClient } from '../../lib/stripe/stripe-js';
import { messages } from './messages';
import type {
  AttachPaymentMethodArgs,
  CreateTrialAccountArgs,
  CreateTrialAccountResponse,
  TrialSetupIntentResponse,
  TrialThankYouState,
  TrialUserInfo,
} from './types';

/** The server calls of the sign-up; each resolves with the answer or rejects with the RTK Query error. */
export interface TrialCalls {
  createAccount(args: CreateTrialAccountArgs): Promise<CreateTrialAccountResponse>;
  createSetupIntent(args: { customerId: string }): Promise<TrialSetupIntentResponse>;
  attachPaymentMethod(args: AttachPaymentMethodArgs): Promise<void>;
}

/** The card to save after the account exists: only a complete card in a loaded Stripe.js. */
interface TrialCard {
  stripe: StripeClient;
  element: StripeCardElement;
}

interface StartTrialInput {
  /** Already trimmed (customerInfoForServer). */
  customerInfo: CustomerInfo;
  selectedNumber: FreeNumber;
  card: TrialCard | null;
}

/** The server refused the sign-up: the sentence for the message box, and any fields to mark. */
export class TrialRefused extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
    /** `fieldErrors.selectedNumber`, or the 409 of a number taken meanwhile. */
    readonly numberError: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

const ACCOUNT_FIELDS = new Set<string>([
  'email',
  'password',
  'confirmPassword',
  'companyName',
  'firstName',
  'lastName',
  'phone',
  'postcode',
  'addressLine1',
  'addressLine2',
  'city',
]);

function errorBody(error: unknown): { code?: unknown; fieldErrors?: unknown } | undefined {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (typeof data === 'object' && data !== null) return data;
  }
  return undefined;
}

/** The refusal of a failed create-free-trial-account (422 field errors, 409, anything else). */
export function trialRefusal(error: unknown): TrialRefused {
  const body = errorBody(error);
  const text = serverErrorText(error) ?? messages.createFailed;
  const code = typeof body?.code === 'string' ? body.code : null;
  if (code === 'invalid_fields' && typeof body?.fieldErrors === 'object' && body.fieldErrors !== null) {
    const fieldErrors: FieldErrors = {};
    let numberError: string | null = null;
    for (const [field, message] of Object.entries(body.fieldErrors as Record<string, unknown>)) {
      if (typeof message !== 'string') continue;
      if (ACCOUNT_FIELDS.has(field)) fieldErrors[field as keyof FieldErrors] = message;
      else if (field === 'selectedNumber') numberError = message;
    }
    return new TrialRefused(text, fieldErrors, numberError, code);
  }
  return new TrialRefused(text, {}, code === 'number_taken' ? text : null, code);
}

/**
 * Saves the card for after the trial: a setup intent of the trial confirmed with the card by
 * Stripe.js, then attached. Whatever fails, the trial goes on without it: false.
 */
export async function saveTrialCard(card: TrialCard, customerId: string, calls: TrialCalls): Promise<boolean> {
  try {
    const intent = await calls.createSetupIntent({ customerId });
    if (!intent?.client_secret) return false;
    const confirmed = await card.stripe.confirmCardSetup(intent.client_secret, { payment_method: { card: card.element } });
    if (confirmed.error || confirmed.setupIntent?.status !== 'succeeded') return false;
    const methodId = paymentMethodId(confirmed.setupIntent);
    if (!methodId) return false;
    // Saved unless it rejects: the server answers 204, or a refusal.
    await calls.attachPaymentMethod({ paymentMethodId: methodId, customerId });
    return true;
  } catch (error) {
    console.warn('The card was not saved for after the trial', error);
    return false;
  }
}

function withoutPasswords(info: CustomerInfo): TrialUserInfo {
  const { password: _password, confirmPassword: _confirm, googleCredential: _google, ...rest } = info;
  return rest;
}

/**
 * The sign-up (docs/product-rules.md, Free trial): the account with the chosen number, then the optional
 * card. Resolves with the thank-you page's navigation state; throws TrialRefused.
 */
export async function startTrial(input: StartTrialInput, calls: TrialCalls): Promise<TrialThankYouState> {
  const { customerInfo, selectedNumber, card } = input;
  let account: CreateTrialAccountResponse;
  try {
    account = await calls.createAccount({ customerInfo, selectedNumber, packageType: 'trial' });
  } catch (error) {
    throw trialRefusal(error);
  }
  if (account?.error) throw new TrialRefused(account.error);
  if (!account?.customerId) throw new TrialRefused(messages.createFailed);

  const paymentMethodSaved = card ? await saveTrialCard(card, account.customerId, calls) : false;
  return {
    isFreeTrial: true,
    userInfo: withoutPasswords(customerInfo),
    selectedNumber: { ...selectedNumber, ...account.selectedNumber },
    extensionDetails: account.extensions?.[0] ?? null,
    customerId: account.customerId,
    trialId: account.trialId || account.customerId,
    trial_ends: account.trial_ends,
    verifyBy: account.verifyBy ?? null,
    paymentMethodSaved,
    email_sent: Boolean(account.email_sent),
  };
}
