import type { EmailStatus } from '../../components/email-status';
/** Wire and page types of the free trial (api/API.md "Free trial"). */
import type { CustomerInfo } from '../../lib/account-form/types';
import type { ExtensionDetails, FreeNumber } from '../../lib/api-types';

/** POST /api/create-free-trial-account/ */
export interface CreateTrialAccountArgs {
  customerInfo: CustomerInfo;
  selectedNumber: FreeNumber;
  packageType: 'trial';
}

export interface CreateTrialAccountResponse {
  success: boolean;
  /** The trial's id: what the card calls name the customer by. */
  customerId: string;
  trialId: string;
  /** One extension, 101, with its SIP password (in this answer only). */
  extensions: ExtensionDetails[];
  /** ISO date-time. */
  trial_ends: string;
  email_sent: boolean;
  selectedNumber?: FreeNumber;
  package?: string;
  minutes?: number;
  /** A refusal carried in a 200 answer is read too. */
  error?: string;
}

/** POST /api/create-trial-setup-intent/ */
export interface TrialSetupIntentResponse {
  client_secret: string;
  setup_intent_id: string;
  status: string;
}

/** POST /api/attach-payment-method/ */
export interface AttachPaymentMethodArgs {
  paymentMethodId: string;
  customerId: string;
}

export interface AttachPaymentMethodResponse {
  success: boolean;
  paymentMethodSaved: boolean;
}

/** GET /api/trials/{id}: what the thank-you page can show after the navigation state is gone. */
export interface TrialView {
  trialId: string;
  status: 'active' | 'ended' | 'converted' | string;
  package: string;
  number: string;
  displayNumber?: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  minutes: number;
  startedAt: string | null;
  endsAt: string | null;
  extension: { number: string; username: string } | null;
  paymentMethodSaved: boolean;
  /** Where the welcome e-mail stands (null until it is queued). */
  emailStatus?: EmailStatus | null;
}

/** The sign-up form as the thank-you page receives it: never the passwords. */
export type TrialUserInfo = Omit<CustomerInfo, 'password' | 'confirmPassword' | 'googleCredential'>;

/** Navigation state of /free-trial-thank-you. */
export interface TrialThankYouState {
  isFreeTrial: true;
  userInfo: TrialUserInfo;
  selectedNumber: FreeNumber;
  /** Extension 101; its SIP password is taken out of the history entry once the page has it. */
  extensionDetails: ExtensionDetails | null;
  customerId: string;
  trialId: string;
  trial_ends: string;
  paymentMethodSaved: boolean;
  email_sent: boolean;
}
