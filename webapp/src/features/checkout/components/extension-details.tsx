import { useState } from 'react';
import { messages } from '../messages';
import type { ExtensionDetails } from '../types';
import { maskSecret } from './mask-secret';

interface ExtensionDetailsProps {
  /** From the order view (no passwords). */
  extensions: { number: string; username: string }[];
  /** From the account answer, still in memory straight after the order; null after a reload. */
  passwords: ExtensionDetails[] | null;
}

function SipPassword({ number, password }: { number: string; password: string }) {
  const [revealed, setRevealed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setNotice(messages.passwordCopied);
    } catch {
      setNotice(messages.copyFailed);
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
        <span role="status" className="copy-notice">
          {' '}
          {notice}
        </span>
      )}
    </>
  );
}

/** Extension Details: number, username and (while in memory) the SIP password, for IP phone configuration. */
export function ExtensionDetailsSection({ extensions, passwords }: ExtensionDetailsProps) {
  const passwordOf = (number: string) => passwords?.find((extension) => extension.number === number)?.password ?? null;
  const anyPassword = extensions.some((extension) => passwordOf(extension.number));
  return (
    <section className="panel" aria-labelledby="extensions-heading">
      <h2 id="extensions-heading">Extension Details</h2>
      <p className="muted">For IP phone configuration</p>
      {extensions.length === 0 ? (
        <p>Your extensions are being set up; their details will be in your confirmation email.</p>
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
      {extensions.length > 0 && !anyPassword && <p className="notice">{messages.passwordsNotStored}</p>}
    </section>
  );
}
