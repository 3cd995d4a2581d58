import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AccountFields } from '../../../components/account-form/account-fields';
import { useAccountForm } from '../../../components/account-form/use-account-form';
import { CardField } from '../../../components/card-field';
import { PageMeta } from '../../../components/page-meta';
import { customerInfoForServer, validateAccount } from '../../../lib/account-form/validation';
import type { FreeNumber } from '../../../lib/api-types';
import { isFreeNumber, readSelectedFreeNumber } from '../../../lib/selected-free-number';
import { useGetCheckoutConfigQuery } from '../../../lib/stripe/config-api';
import type { StripeCardElement } from '../../../lib/stripe/stripe-js';
import { useStripeClient } from '../../../lib/stripe/use-stripe-client';
import { useAttachPaymentMethodMutation, useCreateFreeTrialAccountMutation, useCreateTrialSetupIntentMutation } from '../api';
import { TrialNumberPanel } from '../components/trial-number-panel';
import { messages } from '../messages';
import { startTrial, TrialRefused, type TrialCalls } from '../start-trial';
import { NUMBERS_PATH, rememberTrialId, THANK_YOU_PATH } from '../trial-storage';
import '../trial.css';
import { TRIAL_DAYS, TRIAL_MINUTES } from '../../../config/trial';

/** The number from the picker's navigation state, else the one it saved (a reload), else none. */
function chosenNumber(state: unknown): FreeNumber | null {
  const fromState = (state as { selectedNumber?: unknown } | null)?.selectedNumber;
  return isFreeNumber(fromState) ? fromState : readSelectedFreeNumber();
}

/**
 * The trial sign-up (/free-trial-account-setup): Contact Information, Company Details, Address and
 * an optional card. The form lives in this page only (it holds passwords); a card is saved only
 * when it is complete, and a failure to save it does not stop the trial.
 */
export function TrialSetupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [number] = useState(() => chosenNumber(location.state));
  const { state, handlers, reject } = useAccountForm();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [numberError, setNumberError] = useState<string | null>(null);
  const config = useGetCheckoutConfigQuery();
  const stripe = useStripeClient(config.data);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const [createAccount] = useCreateFreeTrialAccountMutation();
  const [createSetupIntent] = useCreateTrialSetupIntentMutation();
  const [attachPaymentMethod] = useAttachPaymentMethodMutation();

  const message = failure ?? state.formBanner;
  useEffect(() => {
    if (message) window.scrollTo(0, 0);
  }, [message]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    setNumberError(null);
    const found = validateAccount(state.form, state.addressMode);
    if (Object.keys(found).length > 0) {
      reject(found, messages.formBanner);
      return;
    }
    if (!number) {
      setFailure(messages.chooseNumber);
      return;
    }
    const calls: TrialCalls = {
      createAccount: (args) => createAccount(args).unwrap(),
      createSetupIntent: (args) => createSetupIntent(args).unwrap(),
      attachPaymentMethod: (args) => attachPaymentMethod(args).unwrap(),
    };
    setSubmitting(true);
    try {
      const thankYou = await startTrial(
        {
          customerInfo: customerInfoForServer(state.form, state.addressMode),
          selectedNumber: number,
          card: stripe.client && card && cardComplete ? { stripe: stripe.client, element: card } : null,
        },
        calls,
      );
      rememberTrialId(thankYou.trialId);
      navigate(THANK_YOU_PATH, { state: thankYou });
    } catch (error) {
      if (!(error instanceof TrialRefused)) {
        console.error('The trial sign-up failed unexpectedly', error);
        setFailure(messages.createFailed);
      } else if (Object.keys(error.fieldErrors).length > 0) {
        reject(error.fieldErrors, error.message || messages.formBanner);
      } else {
        setFailure(error.message);
      }
      if (error instanceof TrialRefused && error.numberError) setNumberError(error.numberError);
      setSubmitting(false);
    }
  };

  return (
    <>
      <PageMeta
        title="Start your free trial"
        description={`Set up your free trial account: one UK number, one extension and ${TRIAL_MINUTES} minutes for ${TRIAL_DAYS} days. No card required.`}
        path="/free-trial-account-setup"
        noIndex
      />
      <div className="container page-body trial-setup-page">
        <h1>Start your free trial</h1>
        {message && (
          <p role="alert" className="form-banner">
            {message}
          </p>
        )}
        <div className="trial-layout">
          <TrialNumberPanel number={number} error={numberError} />
          <form noValidate onSubmit={(event) => void submit(event)} aria-label="Free trial account" className="panel">
            <AccountFields state={state} showPasswords {...handlers} />
            <fieldset className="form-section">
              <legend>Payment Method (Optional)</legend>
              <p className="muted">
                No card is needed for the trial. Add one now if you would like your service to carry on after the {TRIAL_DAYS} days: it is
                charged then unless you cancel.
              </p>
              <CardField
                stripe={stripe.client}
                onElement={setCard}
                onCompleteChange={setCardComplete}
                error={stripe.failed || config.isError ? messages.cardUnavailable : null}
              />
            </fieldset>
            <div className="page-actions">
              <Link to={NUMBERS_PATH} className="button button-secondary">
                Back
              </Link>
              <button type="submit" className="button button-primary" disabled={submitting} aria-busy={submitting}>
                {submitting ? messages.creating : messages.start}
              </button>
            </div>
            <p className="muted small">{messages.confirmationAhead}</p>
          </form>
        </div>
      </div>
    </>
  );
}
