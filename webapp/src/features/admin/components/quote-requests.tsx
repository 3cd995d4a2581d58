import { useState } from 'react';
import { serverErrorMessage } from '../../../lib/api-error';
import { useGetQuoteRequestsQuery, useMarkQuoteAnsweredMutation } from '../quotes-api';
import type { QuoteListStatus, StaffQuoteRequest } from '../quote-types';
import { formatUkTime } from '../uk-time';
import { LoadProblem } from './load-problem';

/** "2 h 5 min", "3 days": how long a request has waited. */
function formatAge(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  return `${Math.floor(minutes / (24 * 60))} days`;
}

function RequestRow({ request, status }: { request: StaffQuoteRequest; status: QuoteListStatus }) {
  const [markAnswered, { isLoading }] = useMarkQuoteAnsweredMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const line = request.speed && request.sites
    ? `${request.speed.replace('mbps', ' Mbps').replace('gbps', ' Gbps')}, ${request.sites} site${request.sites === 1 ? '' : 's'}`
    : request.numbers
      ? `${request.numbers} numbers`
      : null;
  const answer = async () => {
    setProblem(null);
    try {
      await markAnswered(request.requestId).unwrap();
    } catch (error) {
      setProblem(serverErrorMessage(error, 'That did not work. Please try again.'));
    }
  };
  return (
    <tr>
      <td>
        {formatUkTime(request.receivedAt)}
        <br />
        <span className="muted">{status === 'open' ? `waiting ${formatAge(request.ageMinutes)}` : `answered by ${request.answeredBy}`}</span>
        {request.late && (
          <>
            <br />
            <span className="admin-badge is-bad">Past its promise</span>
          </>
        )}
      </td>
      <td>
        <strong>{request.company}</strong>
        <br />
        {request.name}
        <br />
        <a href={`mailto:${request.email}`}>{request.email}</a>
        <br />
        <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`}>{request.phone}</a>
      </td>
      <td>
        {request.productLabel}
        {line && (
          <>
            <br />
            <span className="muted">{line}</span>
          </>
        )}
        <br />
        <span className="muted">{request.postcode}</span>
      </td>
      <td>{request.message || <span className="muted">No message</span>}</td>
      <td>
        {status === 'open' ? (
          <>
            <span className="muted">Reply by {formatUkTime(request.replyBy)}</span>
            <br />
            <button type="button" className="button button-secondary" onClick={answer} disabled={isLoading}>
              Mark answered
            </button>
            {problem && (
              <p className="field-error" role="alert">
                {problem}
              </p>
            )}
          </>
        ) : (
          request.answeredAt && formatUkTime(request.answeredAt)
        )}
      </td>
    </tr>
  );
}

/** The quote requests: open ones oldest first (with how long each has waited), or the answered ones. */
export function QuoteRequests() {
  const [status, setStatus] = useState<QuoteListStatus>('open');
  const query = useGetQuoteRequestsQuery(status);
  const data = query.data;
  return (
    <section aria-labelledby="quote-requests-heading">
      <div className="admin-toolbar">
        <h2 id="quote-requests-heading">{status === 'open' ? 'Waiting for a reply' : 'Answered'}</h2>
        <div role="group" aria-label="Show">
          <button type="button" className="button button-secondary" aria-pressed={status === 'open'} onClick={() => setStatus('open')}>
            Open
          </button>{' '}
          <button type="button" className="button button-secondary" aria-pressed={status === 'answered'} onClick={() => setStatus('answered')}>
            Answered
          </button>
        </div>
      </div>
      {data && status === 'open' && (
        <p role="status">
          {data.open} open{data.late > 0 ? `, ${data.late} past the reply time promised` : ''}.
        </p>
      )}
      {query.isLoading && <p className="loading">Loading quote requests…</p>}
      {query.isError && <LoadProblem message="We could not load the quote requests. Please try again." onRetry={() => void query.refetch()} />}
      {data && data.requests.length === 0 && <p>{status === 'open' ? 'No quote requests waiting.' : 'No answered quote requests yet.'}</p>}
      {data && data.requests.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Who</th>
                <th scope="col">For</th>
                <th scope="col">Message</th>
                <th scope="col">{status === 'open' ? 'Reply' : 'Answered'}</th>
              </tr>
            </thead>
            <tbody>
              {data.requests.map((request) => (
                <RequestRow key={request.requestId} request={request} status={status} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
