import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { errorCode, errorStatus } from '../../../lib/api-error';
import { useSetPasswordMutation } from '../api';
import { refusalMessage } from '../refusals';
import '../account.css';

const FAILED = 'The password could not be set just now. Please try again in a moment.';

/** The e-mailed link's page (/account/reset-password?token=...): sets a new password and signs in. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; newLink: boolean } | null>(null);
  const passwordId = useId();
  const confirmId = useId();
  const hintId = useId();
  const [setNewPassword] = useSetPasswordMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ([...password].length < 12) {
      setError({ message: 'Password must be at least 12 characters', newLink: false });
      return;
    }
    if (password !== confirm) {
      setError({ message: 'The two passwords are not the same.', newLink: false });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await setNewPassword({ token, password }).unwrap();
      navigate('/account', { replace: true });
    } catch (failure) {
      const status = errorStatus(failure);
      setError({
        message: refusalMessage(failure, FAILED),
        newLink: status !== undefined && status < 500 && (errorCode(failure) ?? '').startsWith('reset_link_'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container page-body account-page account-narrow">
      <PageMeta title="Set a new password" description="Set a new password for your account." path="/account/reset-password" noIndex />
      <h1>Set a new password</h1>
      {!token ? (
        <p className="form-error" role="alert">
          This page needs the link from our e-mail. <Link to="/account/forgot-password">Ask for a new link</Link>.
        </p>
      ) : (
        <form className="account-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Set a new password">
          <div className="account-field">
            <label htmlFor={passwordId}>New password</label>
            <input
              id={passwordId}
              type="password"
              name="password"
              autoComplete="new-password"
              aria-describedby={hintId}
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p id={hintId} className="account-hint">
              At least 12 characters: three or four unrelated words make a strong one.
            </p>
          </div>
          <div className="account-field">
            <label htmlFor={confirmId}>New password again</label>
            <input
              id={confirmId}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error.message}
              {error.newLink && (
                <>
                  {' '}
                  <Link to="/account/forgot-password">Ask for a new link</Link>
                </>
              )}
            </p>
          )}
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? 'Saving...' : 'Set password and sign in'}
          </button>
        </form>
      )}
    </div>
  );
}
