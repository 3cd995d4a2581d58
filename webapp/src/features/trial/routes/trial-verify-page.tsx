import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { serverErrorText } from '../../../lib/api-error';
import { useVerifyTrialEmailMutation } from '../api';
import { formatTrialEnd } from '../format-trial-end';
import { confirmedFor, messages } from '../messages';
import { NUMBERS_PATH, VERIFY_PATH } from '../trial-storage';
import '../trial.css';

/** The mutation's entry in the store: one confirmation per page, whichever component asks. */
const VERIFY_CACHE_KEY = 'trial-email-verification';

/** The server's refusal code, when it sent one. */
function refusalCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && typeof (data as { code?: unknown }).code === 'string') {
      return (data as { code: string }).code;
    }
  }
  return null;
}

/** What the buyer can do next after a refusal, by its code. */
function NextSteps({ code }: { code: string | null }) {
  switch (code) {
    case 'verification_link_used':
      return (
        <div className="page-actions">
          <Link to="/" className="button button-primary">
            Return to Home
          </Link>
        </div>
      );
    case 'trial_already_used':
      return (
        <div className="page-actions">
          <Link to="/plans-and-pricing" className="button button-primary">
            View Plans
          </Link>
          <Link to="/contact" className="button button-secondary">
            Contact Support
          </Link>
        </div>
      );
    default:
      // Expired, unknown or incomplete: a new trial brings a new link; support can look it up.
      return (
        <div className="page-actions">
          <Link to={NUMBERS_PATH} className="button button-primary">
            Start a new free trial
          </Link>
          <Link to="/contact" className="button button-secondary">
            Contact Support
          </Link>
        </div>
      );
  }
}

const meta = (
  <PageMeta title="Confirm your email address" description="Confirm the email address of your free trial." path={VERIFY_PATH} noIndex />
);

/**
 * /trial/verify?token=...: the page the free trial's confirmation e-mail links to. It sends
 * the token once (POST /api/trial-email-verifications, kept in the store under one cache key)
 * and says what the server answered: confirmed, or why not and what to do next.
 */
export function TrialVerifyPage() {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const [verify, result] = useVerifyTrialEmailMutation({ fixedCacheKey: VERIFY_CACHE_KEY });
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    void verify({ token });
  }, [token, verify]);

  let body;
  if (!token) {
    body = (
      <>
        <p role="alert">{messages.linkIncomplete}</p>
        <NextSteps code={null} />
      </>
    );
  } else if (result.isSuccess) {
    body = (
      <>
        <p role="status" className="trial-confirmed">
          {confirmedFor(result.data.displayNumber, formatTrialEnd(result.data.endsAt))}
        </p>
        <p>
          Set up your phone with the username and SIP password shown when you signed up. Need help?{' '}
          <Link to="/support">Visit Support</Link>.
        </p>
        <div className="page-actions">
          <Link to="/plans-and-pricing" className="button button-primary">
            View Plans
          </Link>
          <Link to="/" className="button button-secondary">
            Return to Home
          </Link>
        </div>
      </>
    );
  } else if (result.isError) {
    const code = refusalCode(result.error);
    const text = serverErrorText(result.error);
    body = (
      <>
        {code === 'verification_link_used' ? (
          <p role="status">{text}</p>
        ) : (
          <p role="alert">{text ?? messages.confirmFailed}</p>
        )}
        {text ? (
          <NextSteps code={code} />
        ) : (
          <div className="page-actions">
            <button type="button" className="button button-primary" onClick={() => void verify({ token })}>
              Try again
            </button>
            <Link to="/contact" className="button button-secondary">
              Contact Support
            </Link>
          </div>
        )}
      </>
    );
  } else {
    body = (
      <p role="status" className="loading">
        {messages.confirming}
      </p>
    );
  }

  return (
    <>
      {meta}
      <div className="container page-body centered trial-verify-page">
        <div className="panel">
          <h1>{messages.confirmHeading}</h1>
          {body}
        </div>
      </div>
    </>
  );
}
