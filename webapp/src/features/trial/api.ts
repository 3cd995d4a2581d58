import { api } from '../../lib/api';
import type { Registrations } from '../../lib/api-types';
import type {
  AttachPaymentMethodArgs,
  CreateTrialAccountArgs,
  CreateTrialAccountResponse,
  TrialSetupIntentResponse,
  TrialView,
  VerifyTrialEmailResponse,
} from './types';

/** The free trial's calls (api/API.md "Free trial"), in the order the sign-up makes them. */
export const trialApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The account, the free number and extension 101 (its SIP password in this answer only). */
    createFreeTrialAccount: build.mutation<CreateTrialAccountResponse, CreateTrialAccountArgs>({
      query: (body) => ({ url: 'create-free-trial-account/', method: 'POST', body }),
    }),
    /** A setup intent for the optional card, confirmed in the browser with Stripe.js. */
    createTrialSetupIntent: build.mutation<TrialSetupIntentResponse, { customerId: string }>({
      query: (body) => ({ url: 'create-trial-setup-intent/', method: 'POST', body }),
    }),
    /** Saves the confirmed card for after the trial (204: nothing more to tell). */
    attachPaymentMethod: build.mutation<void, AttachPaymentMethodArgs>({
      query: (body) => ({ url: 'attach-payment-method/', method: 'POST', body }),
    }),
    getTrial: build.query<TrialView, string>({
      query: (trialId) => `trials/${encodeURIComponent(trialId)}`,
    }),
    /** Confirms the trial's e-mail address with the token of the link e-mailed to it (the /trial/verify page). */
    verifyTrialEmail: build.mutation<VerifyTrialEmailResponse, { token: string }>({
      query: (body) => ({ url: 'trial-email-verifications', method: 'POST', body }),
    }),
    /** Where the trial's extension connects and whether it is registered now (polled by the thank-you page). */
    getTrialRegistrations: build.query<Registrations, string>({
      query: (trialId) => `trials/${encodeURIComponent(trialId)}/registrations`,
    }),
  }),
});

export const {
  useCreateFreeTrialAccountMutation,
  useCreateTrialSetupIntentMutation,
  useAttachPaymentMethodMutation,
  useGetTrialQuery,
  useGetTrialRegistrationsQuery,
  useVerifyTrialEmailMutation,
} = trialApi;
