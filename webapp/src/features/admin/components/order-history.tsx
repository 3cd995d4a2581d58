import { Fragment, useId } from 'react';
import { actorLabel, prettyJson } from '../order-format';
import type { OrderEmail, OrderEvent, OrderHistory } from '../order-types';
import { formatUkTime } from '../uk-time';

interface TimelineProps {
  history: OrderHistory;
  /** Loads the state replayed to this event (in the URL, so it can be linked). */
  onReplay: (sequence: number) => void;
  /** Back to the latest state. */
  onShowLatest: () => void;
}

function TimelineEvent({ event, upTo, partial, onReplay }: { event: OrderEvent; upTo: number; partial: boolean; onReplay: (sequence: number) => void }) {
  const sentenceId = useId();
  const replayed = event.sequence <= upTo;
  const current = event.sequence === upTo;
  const classes = ['admin-event', partial && (replayed ? 'is-replayed' : 'is-after'), current && partial && 'is-current'].filter(Boolean).join(' ');
  return (
    <li className={classes} value={event.sequence} aria-current={current && partial ? 'step' : undefined}>
      <div className="admin-event-head">
        <time dateTime={event.recordedAt}>{formatUkTime(event.recordedAt)}</time>
        <span className="admin-event-actor">{actorLabel(event.actor)}</span>
        {partial && <span className={`admin-badge${replayed ? ' is-good' : ''}`}>{replayed ? 'Replayed' : 'After replay point'}</span>}
      </div>
      <p className="admin-event-sentence" id={sentenceId}>
        {event.sentence}
      </p>
      <div className="admin-event-foot">
        <code className="admin-event-type">{event.type}</code>
        <button type="button" className="admin-link-button" aria-describedby={sentenceId} onClick={() => onReplay(event.sequence)}>
          Replay to here
        </button>
      </div>
    </li>
  );
}

/** The order's events in order: time, who, what happened; each can be replayed to. */
export function Timeline({ history, onReplay, onShowLatest }: TimelineProps) {
  const headingId = useId();
  const partial = history.upTo < history.lastSequence;
  return (
    <section className="admin-order-block" aria-labelledby={headingId}>
      <h2 id={headingId}>Timeline</h2>
      {/* Always there, so that screen readers announce each replay. */}
      <div className={partial ? 'admin-note admin-replay-note' : undefined}>
        <p role="status" className={partial ? undefined : 'visually-hidden'}>
          {partial ? `Replayed to event ${history.upTo} of ${history.lastSequence}; the events after it are marked.` : ''}
        </p>
        {partial && (
          <button type="button" className="button button-secondary admin-small-button" onClick={onShowLatest}>
            Show the latest state
          </button>
        )}
      </div>
      {history.events.length === 0 ? (
        <p className="admin-empty">No events recorded.</p>
      ) : (
        <ol className="admin-timeline" aria-label="Events">
          {history.events.map((event) => (
            <TimelineEvent key={event.sequence} event={event} upTo={history.upTo} partial={partial} onReplay={onReplay} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The aggregate replayed to the chosen event: readable rows, and all of it as JSON. */
export function StatePanel({ history }: { history: OrderHistory }) {
  const headingId = useId();
  return (
    <section className="admin-order-block" aria-labelledby={headingId}>
      <h2 id={headingId}>State after event {history.upTo}</h2>
      {history.stateSummary.length > 0 ? (
        <dl className="admin-details">
          {history.stateSummary.map(([label, value], index) => (
            <Fragment key={`${label}-${index}`}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p>Nothing to summarise.</p>
      )}
      <details className="admin-json-details">
        <summary>Full state (JSON)</summary>
        <pre className="admin-json">{prettyJson(history.state)}</pre>
      </details>
    </section>
  );
}

/** The read model's view of the order today (not replayed). */
export function CurrentViewPanel({ history }: { history: OrderHistory }) {
  const headingId = useId();
  return (
    <section className="admin-order-block" aria-labelledby={headingId}>
      <h2 id={headingId}>Current view</h2>
      {history.view === null || history.view === undefined ? (
        <p>There is no view of this order.</p>
      ) : (
        <details className="admin-json-details">
          <summary>The order as the shop shows it now (JSON)</summary>
          <pre className="admin-json">{prettyJson(history.view)}</pre>
        </details>
      )}
    </section>
  );
}

function EmailItem({ email }: { email: OrderEmail }) {
  const sent = email.status === 'sent';
  return (
    <li className="admin-email">
      <span className="admin-item-name">
        {email.subject} <span className={`admin-badge${sent ? ' is-good' : ''}`}>{sent ? 'Sent' : 'Queued'}</span>
      </span>
      <span className="admin-item-desc">To {email.recipient}</span>
      <span className="admin-email-times">
        Queued <time dateTime={email.createdAt}>{formatUkTime(email.createdAt)}</time>
        {' · '}
        {email.sentAt ? (
          <>
            sent <time dateTime={email.sentAt}>{formatUkTime(email.sentAt)}</time>
          </>
        ) : (
          'not sent yet'
        )}
      </span>
    </li>
  );
}

/** The order's e-mails in the outbox: subject, recipient, queued and sent. */
export function EmailList({ emails }: { emails: OrderEmail[] }) {
  const headingId = useId();
  return (
    <section className="admin-order-block" aria-labelledby={headingId}>
      <h2 id={headingId}>E-mails</h2>
      {emails.length === 0 ? (
        <p>No e-mails for this order.</p>
      ) : (
        <ul className="admin-emails" aria-labelledby={headingId}>
          {emails.map((email) => (
            <EmailItem key={email.id} email={email} />
          ))}
        </ul>
      )}
    </section>
  );
}
