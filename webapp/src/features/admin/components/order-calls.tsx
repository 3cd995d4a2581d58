import { useId } from 'react';
import { orderMessages } from '../messages';
import type { CallRecord, OrderKind, OutcomeCount } from '../order-types';
import { useGetOrderCallsQuery } from '../orders-api';
import { formatUkTime } from '../uk-time';
import { LoadProblem } from './load-problem';

const DIRECTION_LABELS: Record<string, string> = {
  internal: 'Extension to extension',
  inbound: 'In',
  outbound: 'Out',
  emergency: 'Emergency',
};

/** "1 min 05 s", "42 s"; an answered call still going on has no duration yet. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return 'In progress';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** A number as dialled or recorded: E.164 digits get their +. */
function formatParty(text: string | null | undefined): string {
  if (!text) return '—';
  return /^[1-9]\d{6,14}$/.test(text) ? `+${text}` : text;
}

/** The calls by outcome as horizontal bars (SVG), each labelled with its count. */
function OutcomeChart({ outcomes }: { outcomes: OutcomeCount[] }) {
  const most = Math.max(1, ...outcomes.map((o) => o.calls));
  const rowHeight = 22;
  const labelWidth = 90;
  const barWidth = 200;
  const summary = outcomes.map((o) => `${o.outcome}: ${o.calls}`).join(', ');
  return (
    <svg
      className="admin-call-chart"
      role="img"
      aria-label={`Calls by outcome: ${summary}`}
      viewBox={`0 0 ${labelWidth + barWidth + 40} ${outcomes.length * rowHeight}`}
      width="100%"
    >
      {outcomes.map((o, index) => {
        const y = index * rowHeight;
        const width = Math.round((o.calls / most) * barWidth);
        return (
          <g key={o.outcome} data-outcome={o.outcome}>
            <text x={0} y={y + 15} fontSize="12">
              {o.outcome}
            </text>
            <rect className={`admin-call-bar is-${o.outcome.replace(' ', '-')}`} x={labelWidth} y={y + 4} width={width} height={14} rx={2} />
            <text x={labelWidth + width + 6} y={y + 15} fontSize="12">
              {o.calls}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function CallRow({ call }: { call: CallRecord }) {
  return (
    <tr>
      <td>{formatUkTime(call.startedAt)}</td>
      <td>{DIRECTION_LABELS[call.direction] ?? call.direction}</td>
      <td>{formatParty(call.from)}</td>
      <td>{formatParty(call.to)}</td>
      <td>{formatParty(call.number)}</td>
      <td>
        {call.outcome}
        {call.outcome !== 'answered' && call.reason && <span className="admin-call-reason"> ({call.sipCode} {call.reason})</span>}
      </td>
      <td>{call.outcome === 'answered' ? formatDuration(call.durationSeconds) : '—'}</td>
    </tr>
  );
}

/** The order's calls (service orders and trials): counts by outcome as a chart, then each call, newest first. */
export function OrderCallsPanel({ kind, id }: { kind: OrderKind; id: string }) {
  const headingId = useId();
  const calls = useGetOrderCallsQuery({ kind, id }, { refetchOnMountOrArgChange: true });
  let body;
  if (calls.isError) {
    body = <LoadProblem message={orderMessages.callsFailed} onRetry={() => void calls.refetch()} />;
  } else if (!calls.data) {
    body = (
      <p className="loading" role="status">
        {orderMessages.callsLoading}
      </p>
    );
  } else if (calls.data.total === 0) {
    body = <p>{orderMessages.noCalls}</p>;
  } else {
    const { calls: records, outcomes, total } = calls.data;
    body = (
      <>
        <OutcomeChart outcomes={outcomes} />
        {records.length < total && <p>{orderMessages.callsCapped(records.length, total)}</p>}
        <div className="admin-table-scroll">
          <table className="admin-calls" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Direction</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Number used</th>
                <th scope="col">Outcome</th>
                <th scope="col">Duration</th>
              </tr>
            </thead>
            <tbody>
              {records.map((call) => (
                <CallRow key={call.callId} call={call} />
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }
  return (
    <section className="admin-order-block admin-order-calls" aria-labelledby={headingId} aria-busy={calls.isFetching}>
      <h2 id={headingId}>Calls</h2>
      {body}
      {calls.data && (
        <button type="button" className="button button-secondary" onClick={() => void calls.refetch()} disabled={calls.isFetching}>
          Refresh calls
        </button>
      )}
    </section>
  );
}
