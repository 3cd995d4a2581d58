import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { useRequestPasswordResetMutation } from '../api';
import { refusalMessage } from '../refusals';
import '../account.css';

const FAILED = 'The link could not be sent just now. Please try again in a moment.';

/** "Forgot password" (/account/forgot-password): asks for a link that sets a new password. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const [requestPasswordReset] = useRequestPasswordResetMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.includes('@')) {
      setError('Please enter the e-mail address of your account.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { message } = await requestPasswordReset({ email: email.trim() }).unwrap();
      setSent(message);
    } catch (failure) {
      setError(refusalMessage(failure, FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container page-body account-page account-narrow">
      <PageMeta title="Forgot password" description="Get a link to set a new password for your account." path="/account/forgot-password" noIndex />
      <h1>Forgot password</h1>
      {sent ? (
        <>
          <p className="account-success" role="status">
            {sent}
          </p>
          <p>
            <Link to="/account/sign-in">Back to sign-in</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            Enter the e-mail address you bought with. We e-mail it a link to set a new password; following it also confirms the
            account is yours (anyone else signed in to it is signed out).
          </p>
          <form className="account-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Forgot password">
            <div className="account-field">
              <label htmlFor={emailId}>Email</label>
              <input id={emailId} type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            </div>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              {busy ? 'Sending...' : 'E-mail me a link'}
            </button>
          </form>
          <p>
            <Link to="/account/sign-in">Back to sign-in</Link>
          </p>
        </>
      )}
    </div>
  );
}
