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
  /** ISO date-time: by when the e-mail address must be confirmed through the e-mailed link. */
  verifyBy?: string | null;
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
  /** Why an ended trial ended. */
  endReason?: 'expired' | 'conversionFailed' | 'unverified' | null;
  /** By when the e-mail address must be confirmed (null: a trial from before confirmation existed). */
  verifyBy?: string | null;
  /** The buyer followed the e-mailed confirmation link. */
  emailVerified?: boolean;
  /** Where the welcome e-mail stands (null until it is queued). */
  emailStatus?: EmailStatus | null;
}

/** POST /api/trial-email-verifications: the trial's e-mail address is confirmed. */
export interface VerifyTrialEmailResponse {
  verified: true;
  trialId: string;
  email: string;
  displayNumber: string;
  /** ISO date-time. */
  endsAt: string | null;
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
  /** By when the e-mail address must be confirmed (null when the server did not say). */
  verifyBy: string | null;
  paymentMethodSaved: boolean;
  email_sent: boolean;
}
