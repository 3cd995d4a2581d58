import { useId, useRef, useState } from 'react';
import { errorCode, errorStatus, serverErrorText } from '../../../lib/api-error';
import { useResetAccountSipPasswordMutation } from '../api';
import type { NewSipPassword } from '../types';

export const resetMessages = {
  confirm:
    'A new password replaces the current one at once: any phone or app using the current one stops working until you enter the new one.',
  shownOnce: 'Enter it in your phone now: it will not be shown again.',
  nextStep: 'In your phone or app, replace the SIP password of this extension (the username and SIP server stay the same). It shows Registered again as soon as the phone connects.',
  copied: 'Password copied!',
  copyFailed: 'The password could not be copied. Please select it and copy it by hand.',
  failed: 'We could not reset the password. Please try again in a moment; if it keeps failing, contact support.',
  signedOut: 'Your session has ended. Please sign in again, then reset the password.',
  notYours: 'This order belongs to another account. Sign in with the e-mail it was bought with.',
  unknownExtension: 'This extension is no longer on the order. Reload the page to see its extensions.',
} as const;

/** What went wrong, in words that say what to do next (the server's own text where it sent one). */
function failureMessage(failure: unknown): string {
  const code = errorCode(failure);
  if (errorStatus(failure) === 401) return resetMessages.signedOut;
  if (code === 'not_your_order') return resetMessages.notYours;
  if (code === 'extension_not_found') return resetMessages.unknownExtension;
  return serverErrorText(failure) ?? resetMessages.failed;
}

type Step = { name: 'idle' } | { name: 'confirming' } | { name: 'resetting' } | { name: 'shown'; reset: NewSipPassword } | { name: 'failed'; message: string };

interface ExtensionPasswordResetProps {
  /** The order's (or trial's) id. */
  ownerId: string;
  number: string;
  /** Whose extension: a service order's (default) or a free trial's. */
  kind?: 'order' | 'trial';
}

/**
 * "Reset SIP password" for one extension of the customer's order: a confirm step, then the new
 * password shown once with a Copy button and what to do with it; a refusal says what to do next.
 */
export function ExtensionPasswordReset({ ownerId, number, kind = 'order' }: ExtensionPasswordResetProps) {
  const id = useId();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const [resetSipPassword] = useResetAccountSipPasswordMutation();

  const reset = async () => {
    setStep({ name: 'resetting' });
    setNotice(null);
    try {
      setStep({ name: 'shown', reset: await resetSipPassword({ kind, ownerId, number }).unwrap() });
    } catch (failure) {
      setStep({ name: 'failed', message: failureMessage(failure) });
    }
  };

  const copy = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      setNotice(resetMessages.copied);
    } catch {
      setNotice(resetMessages.copyFailed);
    }
  };

  const close = () => {
    setStep({ name: 'idle' });
    setNotice(null);
    // Back to the button that opened it, once it is rendered again.
    requestAnimationFrame(() => startButton.current?.focus());
  };

  if (step.name === 'shown') {
    const { password, username } = step.reset;
    return (
      <div className="sip-reset sip-reset-done" role="region" aria-labelledby={`${id}-done`}>
        <p id={`${id}-done`} className="form-success">
          Extension {number} has a new SIP password
        </p>
        <dl className="detail-list">
          <dt>Username</dt>
          <dd>{username}</dd>
          <dt>New SIP password</dt>
          <dd>
            <code className="secret" aria-label={`New SIP password for extension ${number}`}>
              {password}
            </code>{' '}
            <button type="button" className="link-button" aria-label={`Copy the new SIP password of extension ${number}`} onClick={() => void copy(password)}>
              Copy
            </button>
            {notice && (
              <span role="status" className="copy-notice">
                {' '}
                {notice}
              </span>
            )}
          </dd>
        </dl>
        <p className="notice">
          <strong>{resetMessages.shownOnce}</strong>
        </p>
        <p className="muted small">{resetMessages.nextStep}</p>
        <button type="button" className="button button-secondary" onClick={close}>
          I have entered it in my phone
        </button>
      </div>
    );
  }

  if (step.name === 'confirming' || step.name === 'resetting') {
    const busy = step.name === 'resetting';
    return (
      <div className="sip-reset" role="group" aria-labelledby={`${id}-confirm`}>
        <p id={`${id}-confirm`}>
          <strong>Reset the SIP password of extension {number}?</strong> {resetMessages.confirm}
        </p>
        <div className="confirm-actions">
          <button type="button" className="button button-primary" onClick={() => void reset()} disabled={busy}>
            {busy ? 'Resetting…' : 'Yes, reset the password'}
          </button>
          <button type="button" className="button button-secondary" onClick={close} disabled={busy}>
            Cancel
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="sip-reset">
      <button
        ref={startButton}
        type="button"
        className="button button-secondary"
        aria-label={`Reset SIP password of extension ${number}`}
        onClick={() => setStep({ name: 'confirming' })}
      >
        Reset SIP password
      </button>
      {step.name === 'failed' && (
        <p className="form-banner" role="alert">
          {step.message}
        </p>
      )}
    </div>
  );
}
