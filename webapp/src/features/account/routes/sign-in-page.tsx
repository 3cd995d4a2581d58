import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { accountArea, nextAfterSignIn } from '../../../lib/next-path';
import { useSignInMutation, type SignInCredentials } from '../api';
import { GoogleSignIn } from '../components/google-sign-in';
import { refusalMessage } from '../refusals';
import { useAccount } from '../use-account';
import '../account.css';

const FAILED = 'Sign-in did not work just now. Please try again in a moment.';

/**
 * The customer's sign-in (/account/sign-in): the password set at checkout, or Google. Once
 * signed in (or when already), the visitor goes to `?next=` (an account page), else /account.
 */
export function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nextParam = params.get('next');
  const next = nextAfterSignIn(accountArea, nextParam);
  const { status } = useAccount();
  const [signIn] = useSignInMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const emailId = useId();
  const passwordId = useId();

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  if (status === 'signedIn') return <Navigate to={next} replace />;

  const submitWith = async (credentials: SignInCredentials) => {
    setError(null);
    setBusy(true);
    try {
      await signIn(credentials).unwrap();
      navigate(next, { replace: true });
    } catch (failure) {
      setPassword('');
      setError(refusalMessage(failure, FAILED));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter your e-mail address and password.');
      return;
    }
    void submitWith({ email: email.trim(), password });
  };

  return (
    <div className="container page-body account-page account-narrow">
      <PageMeta title="Sign in to your account" description="Sign in to see your orders, numbers and extensions." path={accountArea.signIn} noIndex />
      <h1>Sign in to your account</h1>
      {nextParam && !error && <p className="form-notice">Please sign in to continue.</p>}
      <p>Use the e-mail address and password you chose at checkout.</p>
      <form className="account-form" onSubmit={submit} noValidate aria-label="Sign in">
        <div className="account-field">
          <label htmlFor={emailId}>Email</label>
          <input id={emailId} type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div className="account-field">
          <label htmlFor={passwordId}>Password</label>
          <input
            id={passwordId}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {error && (
          <p className="form-error" role="alert" tabIndex={-1} ref={errorRef}>
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy || status === 'unknown'}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
      <p className="account-aside">
        <Link to="/account/forgot-password">Forgot password?</Link> We e-mail you a link to set a new one, which also confirms
        the account is yours.
      </p>
      <GoogleSignIn onCredential={(googleCredential, googleEmail) => void submitWith({ email: googleEmail, googleCredential })} />
    </div>
  );
}
