import { useState } from 'react';
import type { ExtensionDetails } from '../lib/api-types';
import { maskSecret } from './mask-secret';
import './forms.css';

export const copyMessages = {
  passwordCopied: 'Password copied!',
  copyFailed: 'The password could not be copied. Please reveal it and copy it by hand.',
} as const;

interface ExtensionDetailsProps {
  /** From the server's view of the order or trial (no passwords). */
  extensions: { number: string; username: string }[];
  /** From the account answer, still in memory straight after sign-up; null after a reload. */
  passwords: ExtensionDetails[] | null;
  /** Shown while there is no extension yet. */
  emptyText: string;
  /** Shown when the extensions are known but their passwords are no longer in memory. */
  passwordsGoneText: string;
}

function SipPassword({ number, password }: { number: string; password: string }) {
  const [revealed, setRevealed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setNotice(copyMessages.passwordCopied);
    } catch {
      setNotice(copyMessages.copyFailed);
    }
  };

  return (
    <>
      <code className="secret">{revealed ? password : maskSecret(password)}</code>{' '}
      <button
        type="button"
        className="link-button"
        aria-pressed={revealed}
        aria-label={`${revealed ? 'Hide' : 'Reveal'} SIP password for extension ${number}`}
        onClick={() => setRevealed((value) => !value)}
      >
        {revealed ? 'Hide' : 'Reveal'}
      </button>{' '}
      <button type="button" className="link-button" aria-label={`Copy SIP password for extension ${number}`} onClick={() => void copy()}>
        Copy
      </button>
      {notice && (
        <span role="alert" className="copy-notice">
          {' '}
          {notice}
        </span>
      )}
    </>
  );
}

/** Extension Details: number, username and (while in memory) the SIP password, for IP phone configuration. */
export function ExtensionDetailsSection({ extensions, passwords, emptyText, passwordsGoneText }: ExtensionDetailsProps) {
  const passwordOf = (number: string) => passwords?.find((extension) => extension.number === number)?.password ?? null;
  const anyPassword = extensions.some((extension) => passwordOf(extension.number));
  return (
    <section className="panel" aria-labelledby="extensions-heading">
      <h2 id="extensions-heading">Extension Details</h2>
      <p className="muted">For IP phone configuration</p>
      {extensions.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <ul className="extension-list">
          {extensions.map((extension) => {
            const password = passwordOf(extension.number);
            return (
              <li key={extension.number} className="extension-card" aria-label={`Extension ${extension.number}`}>
                <dl className="detail-list">
                  <dt>Extension</dt>
                  <dd>{extension.number}</dd>
                  <dt>Username</dt>
                  <dd>{extension.username}</dd>
                  {password && (
                    <>
                      <dt>SIP Password</dt>
                      <dd>
                        <SipPassword number={extension.number} password={password} />
                      </dd>
                    </>
                  )}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      {extensions.length > 0 && !anyPassword && <p className="notice">{passwordsGoneText}</p>}
    </section>
  );
}
