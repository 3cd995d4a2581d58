import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { errorMessage, errorStatus } from '../../../lib/api-error';
import { useGetMeQuery, useLoginMutation } from '../api';
import { messages } from '../messages';
import { nextAfterSignIn, staffArea } from '../../../lib/next-path';
import { LOGIN_PATH } from '../paths';
import '../admin.css';

/** The server's message for refusals it explains (401 wrong details, 429 too many attempts, 422). */
function signInError(error: unknown): string {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500 ? errorMessage(error, messages.signInFailed) : messages.signInFailed;
}

/**
 * Staff sign-in (/admin/login). Once signed in (or when already), the visitor goes to `?next=`,
 * else to the page named by the navigation state's `from`, else to /admin (the page of their role).
 */
export function AdminLoginPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const nextParam = params.get('next');
  const next = nextAfterSignIn(staffArea, nextParam, location.state);
  const me = useGetMeQuery();
  const [login, { isLoading: signingIn }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const emailId = useId();
  const passwordId = useId();

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  if (me.data) return <Navigate to={next} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter your e-mail address and password.');
      return;
    }
    setError(null);
    try {
      // The session lands in getMe's cache; the render above then goes on to `next`.
      await login({ email: email.trim(), password }).unwrap();
    } catch (failure) {
      setPassword('');
      setError(signInError(failure));
    }
  };

  return (
    <div className="container page-body admin-login">
      <PageMeta title="Staff sign-in" description="Sign in to the staff area: orders and the hardware catalogue." path={LOGIN_PATH} noIndex />
      <h1>Staff sign-in</h1>
      {nextParam && !error && <p className="form-notice">Please sign in to continue.</p>}
      <form className="admin-login-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="admin-field">
          <label htmlFor={emailId}>Email</label>
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="admin-field">
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
        <button type="submit" className="button button-primary button-block" disabled={signingIn || me.isLoading}>
          {signingIn ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
