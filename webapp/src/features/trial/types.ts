/** Wire and page types of the free trial (api/API.md "Free trial"). */
import type { CustomerInfo } from '../../lib/account-form/types';
import type { ExtensionDetails, FreeNumber, Schema } from '../../lib/api-types';

/** POST /api/create-free-trial-account/ */
export type CreateTrialAccountArgs = Schema<'TrialBody'> & {
  /** The older site's field: sent as it always was, and not read by the server. */
  packageType: 'trial';
};

/** Its 200; a refusal carried in a 200 answer (`error`) is read too. */
export type CreateTrialAccountResponse = Schema<'TrialStarted'> & { error?: string };

/** POST /api/create-trial-setup-intent/ */
export type TrialSetupIntentResponse = Schema<'SetupOut'>;

/** POST /api/attach-payment-method/ */
export type AttachPaymentMethodArgs = Schema<'AttachBody'>;

/** GET /api/trials/{id}: what the thank-you page can show after the navigation state is gone. */
export type TrialView = Schema<'TrialOut'>;

/** POST /api/trial-email-verifications: the trial's e-mail address is confirmed. */
export type VerifyTrialEmailResponse = Schema<'EmailConfirmed'>;

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
