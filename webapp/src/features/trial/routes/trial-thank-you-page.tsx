import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ExtensionDetailsSection } from '../../../components/extension-details';
import { PageMeta } from '../../../components/page-meta';
import { PhoneSetupInfo } from '../../../components/phone-setup-info';
import { siteConfig } from '../../../config/site';
import { forgetSelectedFreeNumber } from '../../../lib/selected-free-number';
import type { Registrations } from '../../../lib/api-types';
import { useRegistrationPolling } from '../../../lib/registrations';
import { isRestricted, SignInToSee } from '../../../components/sign-in-to-see';
import { useGetTrialQuery, useGetTrialRegistrationsQuery } from '../api';
import { formatTrialEnd } from '../format-trial-end';
import { confirmBy, messages } from '../messages';
import { forgetUserInfo, rememberedTrialId, THANK_YOU_PATH } from '../trial-storage';
import { EMAIL_POLL_MS, emailSettled, emailStatusText, type EmailStatus } from '../../../components/email-status';
import type { TrialThankYouState, TrialView } from '../types';
import '../trial.css';
import { TRIAL_DAYS, TRIAL_MINUTES } from '../../../config/trial';

/** The app downloads of What's Next: placeholders until the apps are published. */
const APP_DOWNLOADS = [
  { name: 'iOS', label: 'Download for iOS' },
  { name: 'Android', label: 'Download for Android' },
  { name: 'Desktop', label: 'Download for Desktop' },
] as const;

/** What the page shows, from the navigation state or from the trial's view on the server. */
interface TrialSummary {
  email: string;
  companyName: string;
  name: string;
  phone: string;
  number: string | null;
  endsAt: string | null;
  extension: { number: string; username: string } | null;
  /** Straight after sign-up only (never stored). */
  sipPassword: string | null;
  paymentMethodSaved: boolean;
  emailSent: boolean;
  /** By when the e-mail address must be confirmed (null: it needs no confirmation, or the server did not say). */
  verifyBy: string | null;
  emailVerified: boolean;
}

function isThankYouState(value: unknown): value is TrialThankYouState {
  const state = value as Partial<TrialThankYouState> | null;
  return Boolean(state && state.isFreeTrial === true && state.userInfo && typeof state.userInfo.email === 'string');
}

function fromNavigation(state: TrialThankYouState): TrialSummary {
  const { userInfo, selectedNumber, extensionDetails } = state;
  return {
    email: userInfo.email,
    companyName: userInfo.companyName,
    name: `${userInfo.firstName} ${userInfo.lastName}`.trim(),
    phone: userInfo.phone,
    number: selectedNumber ? selectedNumber.displayValue || selectedNumber.value : null,
    endsAt: state.trial_ends || null,
    extension: extensionDetails ? { number: extensionDetails.number, username: extensionDetails.username } : null,
    sipPassword: extensionDetails?.password ?? null,
    paymentMethodSaved: state.paymentMethodSaved,
    emailSent: state.email_sent,
    verifyBy: state.verifyBy ?? null,
    emailVerified: false,
  };
}

function fromView(view: TrialView): TrialSummary {
  return {
    email: view.email,
    companyName: view.companyName,
    name: `${view.firstName} ${view.lastName}`.trim(),
    phone: view.phone,
    number: view.displayNumber || view.number || null,
    endsAt: view.endsAt ?? null,
    extension: view.extension ?? null,
    sipPassword: null,
    paymentMethodSaved: view.paymentMethodSaved,
    emailSent: false,
    verifyBy: view.verifyBy ?? null,
    emailVerified: Boolean(view.emailVerified),
  };
}

/** The confirmation as the server last said it, over what the sign-up knew. */
function withConfirmation(trial: TrialSummary, view: TrialView | undefined): TrialSummary {
  if (!view) return trial;
  return { ...trial, verifyBy: view.verifyBy ?? trial.verifyBy, emailVerified: Boolean(view.emailVerified) };
}

const meta = (
  <PageMeta
    title="Your free trial has started"
    description="Your free trial number, extension and what to do next."
    path={THANK_YOU_PATH}
    noIndex
  />
);

/**
 * The trial confirmation (/free-trial-thank-you), from the sign-up's navigation state. The SIP
 * password is taken out of that history entry at once (it stays in this page's memory only);
 * without the state (another tab, or the history entry gone) the trial is read again from the
 * server by the id kept in sessionStorage.
 */
export function TrialThankYouPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [state] = useState(() => (isThankYouState(location.state) ? location.state : null));
  const [trialId] = useState(() => (state ? state.trialId || state.customerId : rememberedTrialId()));
  // Asked again every few seconds until the welcome e-mail has left (or failed).
  const [emailDone, setEmailDone] = useState(false);
  const query = useGetTrialQuery(trialId ?? skipToken, { pollingInterval: emailDone ? 0 : EMAIL_POLL_MS });
  const emailStatus = query.data?.emailStatus ?? null;
  const settled = emailSettled(emailStatus);
  if (settled !== emailDone) setEmailDone(settled);

  useEffect(() => {
    forgetSelectedFreeNumber();
    forgetUserInfo();
    if (state?.extensionDetails?.password) {
      navigate(THANK_YOU_PATH, { replace: true, state: { ...state, extensionDetails: { ...state.extensionDetails, password: null } } });
    }
  }, [state, navigate]);

  if (state) {
    return (
      <>
        {meta}
        <TrialConfirmation trial={withConfirmation(fromNavigation(state), query.data)} emailStatus={emailStatus} trialId={trialId} />
      </>
    );
  }
  if (trialId && query.isLoading && !state) {
    return (
      <>
        {meta}
        <div className="container page-body">
          <p className="loading">Loading your free trial…</p>
        </div>
      </>
    );
  }
  if (trialId && query.data && isRestricted(query.data)) {
    return (
      <>
        {meta}
        <SignInToSee what="Your free trial" status={query.data.status} />
      </>
    );
  }
  if (trialId && query.data) {
    return (
      <>
        {meta}
        <TrialConfirmation trial={fromView(query.data)} emailStatus={emailStatus} trialId={trialId} />
      </>
    );
  }
  return (
    <>
      {meta}
      <div className="container page-body centered">
        <div className="panel">
          <h1>Your free trial</h1>
          <p role="alert">{messages.trialNotFound}</p>
          <Link to="/free-numbers" className="button button-primary">
            Choose a free number
          </Link>
        </div>
      </div>
    </>
  );
}

interface TrialConfirmationProps {
  trial: TrialSummary;
  emailStatus: EmailStatus | null;
  trialId: string | null;
}

function TrialConfirmation({ trial, emailStatus, trialId }: TrialConfirmationProps) {
  const trialEnds = formatTrialEnd(trial.endsAt);
  // Whether the extension's phone has registered: asked every few seconds for two minutes.
  const [registrations, setRegistrations] = useState<Registrations | undefined>(undefined);
  const pollMs = useRegistrationPolling(registrations);
  const registrationQuery = useGetTrialRegistrationsQuery(trialId ?? skipToken, {
    pollingInterval: pollMs,
    skipPollingIfUnfocused: false,
  });
  if (registrationQuery.data !== registrations) setRegistrations(registrationQuery.data);
  const passwords = trial.extension && trial.sipPassword ? [{ ...trial.extension, password: trial.sipPassword }] : null;

  return (
    <div className="container page-body trial-thank-you-page">
      <header className="trial-welcome centered">
        <p className="trial-welcome-icon" aria-hidden="true">
          ✓
        </p>
        <h1>Welcome to {siteConfig.productName}!</h1>
        <p className="lead">{messages.trialStarted}</p>
        {(trial.emailSent || emailStatus) && (
          <p role="status" className="trial-email-banner">
            {emailStatusText(emailStatus, trial.email)}
          </p>
        )}
      </header>

      {trial.verifyBy && (
        <section className="panel trial-confirm-email" aria-labelledby="confirm-email-heading">
          <h2 id="confirm-email-heading">{messages.confirmHeading}</h2>
          <p>{trial.emailVerified ? messages.emailConfirmed : confirmBy(trial.email, formatTrialEnd(trial.verifyBy))}</p>
        </section>
      )}

      {trial.paymentMethodSaved && (
        <section className="trial-card-saved" aria-labelledby="card-saved-heading">
          <h2 id="card-saved-heading">Payment Method Saved</h2>
          <p>
            Your card is saved. Your service carries on when the trial ends unless you cancel before then
            {trial.verifyBy && !trial.emailVerified ? ', once your email address is confirmed' : ''}.
          </p>
        </section>
      )}

      <section className="panel" aria-labelledby="trial-details-heading">
        <h2 id="trial-details-heading">Your Trial</h2>
        <dl className="detail-list">
          <dt>Trial ends</dt>
          <dd>{trialEnds || `In ${TRIAL_DAYS} days`}</dd>
          <dt>Your phone number</dt>
          <dd>{trial.number ?? messages.notAssigned}</dd>
          <dt>Included</dt>
          <dd>1 number, 1 extension and {TRIAL_MINUTES} minutes of calls</dd>
        </dl>
      </section>

      <ExtensionDetailsSection
        extensions={trial.extension ? [trial.extension] : []}
        passwords={passwords}
        emptyText={messages.extensionCreating}
        passwordsGoneText={messages.passwordGone}
        registrations={registrations}
      />

      <PhoneSetupInfo>
        <p>
          Log in with your email address and the password you chose. Your extension is 101: use it in our mobile app or set
          it up on any SIP phone.
        </p>
      </PhoneSetupInfo>

      <section className="panel" aria-labelledby="account-heading">
        <h2 id="account-heading">Account Information</h2>
        <dl className="detail-list">
          <dt>Email</dt>
          <dd>{trial.email}</dd>
          <dt>Company</dt>
          <dd>{trial.companyName}</dd>
          <dt>Name</dt>
          <dd>{trial.name}</dd>
          <dt>Phone</dt>
          <dd>{trial.phone}</dd>
        </dl>
      </section>

      <section className="panel" aria-labelledby="next-heading">
        <h2 id="next-heading">What&apos;s Next</h2>
        <ol className="trial-next-steps">
          <li>
            <h3>Download the app</h3>
            <p className="trial-app-links">
              {APP_DOWNLOADS.map((app) => (
                <a key={app.name} href="#" className="button button-secondary" aria-label={app.label}>
                  {app.name}
                </a>
              ))}
            </p>
          </li>
          <li>
            <h3>Open your dashboard</h3>
            <Link to="/account">Go to Dashboard</Link>
          </li>
          <li>
            <h3>Explore the features</h3>
            <Link to="/features">View Features</Link>
          </li>
        </ol>
      </section>

      <section className="trial-upgrade" aria-labelledby="upgrade-heading">
        <h2 id="upgrade-heading">Ready for more?</h2>
        <p>Upgrade at any time to add users, numbers and minutes.</p>
        <Link to="/plans-and-pricing" className="button button-primary">
          View Plans
        </Link>
      </section>

      <footer className="page-actions trial-footer">
        <Link to="/support">Need help? Visit Support</Link>
        <Link to="/">Return to Home</Link>
      </footer>
    </div>
  );
}
