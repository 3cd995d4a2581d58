import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-error';
import { useGetMailboxQuery, useGetMailQuery } from '../mail-api';
import { MAIL_STATUSES, type Mailbox as MailboxData, type MailRow, type MailStatus } from '../mail-types';
import { formatUkTime } from '../uk-time';
import { LoadProblem } from './load-problem';

const STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  sent: 'Sent',
  kept: 'Kept here',
  failed: 'Failed',
};

function statusFrom(text: string | null): MailStatus | null {
  return MAIL_STATUSES.find((status) => status === text) ?? null;
}

function pageFrom(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** What happened to one e-mail, in a few words. */
function fate(mail: MailRow, maxAttempts: number): string {
  switch (mail.status) {
    case 'sent':
      return mail.sentAt ? `Sent ${formatUkTime(mail.sentAt)}` : 'Sent';
    case 'kept':
      return 'In the local mailbox (no mail relay)';
    case 'failed':
      return `Failed after ${mail.attempts} of ${maxAttempts} attempts${mail.lastError ? `: ${mail.lastError}` : ''}`;
    case 'retrying':
      return `Attempt ${mail.attempts} of ${maxAttempts} failed${mail.lastError ? ` (${mail.lastError})` : ''}; next ${mail.nextAttemptAt ? formatUkTime(mail.nextAttemptAt) : 'soon'}`;
    default:
      return 'Waiting for its first attempt';
  }
}

/** The counts by status as a bar chart whose bars are the filters. */
function StatusChart({ data, current, choose }: { data: MailboxData; current: MailStatus | null; choose: (status: MailStatus | null) => void }) {
  const total = MAIL_STATUSES.reduce((sum, status) => sum + data.counts[status], 0);
  const widest = Math.max(1, ...MAIL_STATUSES.map((status) => data.counts[status]));
  const captionId = useId();
  return (
    <figure className="admin-mail-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>E-mails by status ({total} in all): choose a bar to list only those</figcaption>
      <ul>
        {MAIL_STATUSES.map((status) => (
          <li key={status}>
            <button
              type="button"
              aria-label={`${STATUS_LABELS[status]}: ${data.counts[status]}`}
              aria-pressed={current === status}
              onClick={() => choose(current === status ? null : status)}
            >
              <span className="admin-mail-chart-label">{STATUS_LABELS[status]}</span>
              <span className={`admin-mail-chart-bar is-${status}`} style={{ width: `${(data.counts[status] / widest) * 100}%` }} aria-hidden="true" />
              <span className="admin-mail-chart-count">{data.counts[status]}</span>
            </button>
          </li>
        ))}
      </ul>
    </figure>
  );
}

function MailReader({ id, close }: { id: number; close: () => void }) {
  const headingId = useId();
  const mail = useGetMailQuery(id);
  return (
    <section className="admin-order-block admin-mail-reader" aria-labelledby={headingId}>
      <h2 id={headingId}>{mail.data ? mail.data.subject : 'E-mail'}</h2>
      {mail.isLoading && <p role="status">Loading the e-mail…</p>}
      {mail.error && (
        <p className="admin-problem" role="alert">
          {errorMessage(mail.error, 'This e-mail could not be loaded. Try again.')}
        </p>
      )}
      {mail.data && (
        <>
          <dl className="admin-facts">
            <dt>To</dt>
            <dd>{mail.data.recipient}</dd>
            <dt>Queued</dt>
            <dd>{formatUkTime(mail.data.createdAt)}</dd>
            <dt>Kind</dt>
            <dd>{mail.data.kind}</dd>
          </dl>
          <pre className="admin-mail-body">{mail.data.body}</pre>
        </>
      )}
      <button type="button" className="button button-secondary admin-small-button" onClick={close}>
        Close the e-mail
      </button>
    </section>
  );
}

/**
 * The staff mailbox: what the shop sent or tried to, newest first, with each e-mail's fate.
 * The status filter, the page and the open e-mail live in the URL.
 */
export function Mailbox() {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const page = pageFrom(params.get('page'));
  const open = Number(params.get('mail')) || null;
  const mailbox = useGetMailboxQuery({ status, page });

  const go = (next: { status?: MailStatus | null; page?: number; mail?: number | null }) => {
    const wanted = { status, page, mail: open, ...next };
    const search = new URLSearchParams();
    if (wanted.status) search.set('status', wanted.status);
    if (wanted.page > 1) search.set('page', String(wanted.page));
    if (wanted.mail) search.set('mail', String(wanted.mail));
    setParams(search);
  };

  if (mailbox.isLoading) return <p role="status">Loading the mailbox…</p>;
  if (!mailbox.data) {
    return <LoadProblem message={errorMessage(mailbox.error, 'The mailbox could not be loaded.')} onRetry={() => void mailbox.refetch()} />;
  }
  const data = mailbox.data;
  return (
    <>
      {!data.relayConfigured && (
        <p className="admin-note">No mail relay is set up (SMTP_HOST), so every e-mail is kept here instead of sent: this is what the shop would send.</p>
      )}
      {data.counts.failed > 0 && (
        <p className="admin-problem" role="alert">
          {data.counts.failed === 1 ? '1 e-mail could not be sent' : `${data.counts.failed} e-mails could not be sent`}: list them with the Failed bar, and
          contact those buyers another way.
        </p>
      )}
      <StatusChart data={data} current={status} choose={(chosen) => go({ status: chosen, page: 1, mail: null })} />
      {open && <MailReader id={open} close={() => go({ mail: null })} />}
      {data.mails.length === 0 ? (
        <p className="admin-hint">{status ? `No ${STATUS_LABELS[status].toLowerCase()} e-mails. Choose another bar.` : 'No e-mail has been queued yet.'}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-busy={mailbox.isFetching}>
            <caption className="visually-hidden">E-mails, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Queued (UK time)</th>
                <th scope="col">Status</th>
                <th scope="col">What happened</th>
              </tr>
            </thead>
            <tbody>
              {data.mails.map((mail) => (
                <tr key={mail.id} className={open === mail.id ? 'is-selected' : undefined}>
                  <th scope="row">
                    <button type="button" className="admin-link-button" onClick={() => go({ mail: mail.id })}>
                      {mail.subject}
                    </button>
                  </th>
                  <td>{mail.recipient}</td>
                  <td>{formatUkTime(mail.createdAt)}</td>
                  <td>{STATUS_LABELS[mail.status]}</td>
                  <td>{fate(mail, data.maxAttempts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.pageCount > 1 && (
        <nav className="admin-pager" aria-label="Mailbox pages">
          <button type="button" className="button button-secondary admin-small-button" disabled={page <= 1} onClick={() => go({ page: page - 1, mail: null })}>
            Previous
          </button>
          <span>
            Page {Math.min(page, data.pageCount)} of {data.pageCount}
          </span>
          <button type="button" className="button button-secondary admin-small-button" disabled={page >= data.pageCount} onClick={() => go({ page: page + 1, mail: null })}>
            Next
          </button>
        </nav>
      )}
    </>
  );
}
