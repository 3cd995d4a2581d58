import { useId, useState } from 'react';
import { useGetAuditLogQuery } from '../api';
import { formatChange } from '../audit-format';
import { messages } from '../messages';
import type { AdminHardwareItem } from '../types';
import { formatUkTime } from '../uk-time';

export const AUDIT_PAGE_SIZE = 20;

/**
 * Who changed what and when, newest first; one item or all, a page at a time. Pages go by
 * the server's cursor (the `next` of each page), kept here as a trail so "Newer" goes back:
 * entries added meanwhile do not shift the pages being read.
 */
export function AuditLog({ items }: { items: AdminHardwareItem[] }) {
  const id = useId();
  const [item, setItem] = useState('');
  const [trail, setTrail] = useState<string[]>([]);
  const before = trail.at(-1) ?? '';
  const query = useGetAuditLogQuery({ before, perPage: AUDIT_PAGE_SIZE, item }, { refetchOnMountOrArgChange: true });
  const data = query.data;
  const page = trail.length + 1;
  const itemChoices = [...items].sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));

  return (
    <div className="admin-audit">
      <div className="admin-toolbar">
        <div className="admin-field">
          <label htmlFor={`${id}-item`}>Item</label>
          <select
            id={`${id}-item`}
            value={item}
            onChange={(event) => {
              setItem(event.target.value);
              setTrail([]);
            }}
          >
            <option value="">All items</option>
            {itemChoices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isError ? (
        <div className="admin-problem" role="alert">
          <p>{messages.auditFailed}</p>
          <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <p className="loading" role="status">
          Loading the audit log...
        </p>
      ) : data.entries.length === 0 ? (
        <p className="admin-empty">No changes recorded yet.</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table" aria-busy={query.isFetching}>
              <caption className="visually-hidden">Audit log</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Item</th>
                  <th scope="col">Action</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.at}>{formatUkTime(entry.at)}</time>
                    </td>
                    <td>{entry.actor}</td>
                    <td>{entry.itemName || entry.itemId}</td>
                    <td>{entry.action}</td>
                    <td>
                      {entry.changes.length > 0 ? (
                        <ul className="admin-changes">
                          {entry.changes.map((change, index) => (
                            <li key={`${change.field}-${index}`}>{formatChange(change)}</li>
                          ))}
                        </ul>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="admin-pager" aria-label="Audit log pages">
            <button type="button" className="button button-secondary admin-small-button" disabled={page <= 1 || query.isFetching} onClick={() => setTrail(trail.slice(0, -1))}>
              Newer
            </button>
            <span>Page {page}</span>
            <button
              type="button"
              className="button button-secondary admin-small-button"
              disabled={!data.next || query.isFetching}
              onClick={() => data.next && setTrail([...trail, data.next])}
            >
              Older
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
