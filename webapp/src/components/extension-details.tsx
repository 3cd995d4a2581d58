import { useState } from 'react';
import type { ExtensionDetails, Registrations } from '../lib/api-types';
import { registrationText } from '../lib/registrations';
import { maskSecret } from './mask-secret';
import './forms.css';

const copyMessages = {
  passwordCopied: 'Password copied!',
  copyFailed: 'The password could not be copied. Please reveal it and copy it by hand.',
  serverCopied: 'SIP server copied!',
  serverCopyFailed: 'The SIP server could not be copied. Please select it and copy it by hand.',
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
  /** Where phones connect and each extension's registration, polled by the page (absent while loading). */
  registrations?: Registrations;
}

/** A Copy button for `text`, then what happened ("copied", or how to copy it by hand). */
function CopyButton({ text, label, copied, failed }: { text: string; label: string; copied: string; failed: string }) {
  const [notice, setNotice] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setNotice(copied);
    } catch {
      setNotice(failed);
    }
  };
  return (
    <>
      <button type="button" className="link-button" aria-label={label} onClick={() => void copy()}>
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

/** The SIP server's domain with a Copy button, then its port and transport. */
function SipServerDetails({ number, registrations }: { number: string; registrations: Registrations }) {
  const { domain, port, transport } = registrations.sipServer;
  return (
    <>
      <dt>SIP server</dt>
      <dd>
        <span className="sip-domain">{domain}</span>{' '}
        <CopyButton
          text={domain}
          label={`Copy SIP server for extension ${number}`}
          copied={copyMessages.serverCopied}
          failed={copyMessages.serverCopyFailed}
        />
      </dd>
      <dt>Port</dt>
      <dd>{port}</dd>
      <dt>Transport</dt>
      <dd>{transport}</dd>
    </>
  );
}

function SipPassword({ number, password }: { number: string; password: string }) {
  const [revealed, setRevealed] = useState(false);

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
      <CopyButton
        text={password}
        label={`Copy SIP password for extension ${number}`}
        copied={copyMessages.passwordCopied}
        failed={copyMessages.copyFailed}
      />
    </>
  );
}

/** Extension Details: number, username and (while in memory) the SIP password, for IP phone configuration. */
export function ExtensionDetailsSection({
  extensions,
  passwords,
  emptyText,
  passwordsGoneText,
  registrations,
}: ExtensionDetailsProps) {
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
            const registration = registrations?.extensions.find((r) => r.number === extension.number);
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
                  {registrations && <SipServerDetails number={extension.number} registrations={registrations} />}
                  {registrations && (
                    <>
                      <dt>Status</dt>
                      <dd>
                        <span
                          role="status"
                          aria-label={`Extension ${extension.number} status`}
                          className={registration?.registered ? 'registration registered' : 'registration'}
                        >
                          {registrationText(registration)}
                        </span>
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
      {registrations && extensions.length > 0 && (
        <p className="muted">
          In your phone or softphone: the username, the SIP password and the SIP server above. The status changes to
          Registered as soon as your phone connects.
        </p>
      )}
    </section>
  );
}
