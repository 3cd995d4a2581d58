import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { errorStatus, serverErrorMessage } from '../../../lib/api-error';
import { orderMessages } from '../messages';
import { LoadProblem } from './load-problem';
import { orderPath } from '../paths';
import { statusLabel, statusTone } from '../order-format';
import { ORDER_KIND_LABELS, type OrderSearchPage } from '../order-types';
import { useSearchOrdersQuery } from '../orders-api';
import { formatUkTime } from '../uk-time';

/** The order page's way back to these results (the page of them, and the pages before it). */
export interface FromSearchState {
  search: string;
  trail?: string[];
}

/**
 * The navigation state of a page of results: the `before` of each newer page, from the first
 * page's ('') on, so "Newer" goes back through them. A linked page has none: its
 * "Newer" goes to the first page.
 */
interface PagerState {
  trail?: string[];
}

function trailOf(state: unknown): string[] | undefined {
  const trail = (state as PagerState | null)?.trail;
  return Array.isArray(trail) && trail.every((entry) => typeof entry === 'string') ? trail : undefined;
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (query: string) => void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  // Back, forward or a link changes the URL's query: the box shows it (without remounting, so focus stays).
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setText(initial);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="admin-toolbar admin-order-search" role="search" aria-label="Orders" onSubmit={submit}>
      <div className="admin-field admin-search">
        <label htmlFor={`${id}-query`}>Search orders</label>
        <input id={`${id}-query`} type="search" value={text} onChange={(event) => setText(event.target.value)} aria-describedby={`${id}-hint`} />
        <p className="admin-hint" id={`${id}-hint`}>
          {orderMessages.searchHint}
        </p>
      </div>
      <button type="submit" className="button button-primary">
        Search
      </button>
    </form>
  );
}

function ResultsTable({ data, busy }: { data: OrderSearchPage; busy: boolean }) {
  const location = useLocation();
  const from: FromSearchState = { search: location.search, trail: trailOf(location.state) };
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-busy={busy}>
        <caption className="visually-hidden">Orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Kind</th>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Status</th>
            <th scope="col">Placed (UK time)</th>
            <th scope="col">Phone numbers</th>
          </tr>
        </thead>
        <tbody>
          {data.results.map((order) => (
            <tr key={`${order.kind}/${order.id}`}>
              <th scope="row">
                <Link to={orderPath(order.kind, order.id)} state={from}>
                  {order.orderNumber}
                </Link>
              </th>
              <td>{ORDER_KIND_LABELS[order.kind] ?? order.kind}</td>
              <td>{order.name || '—'}</td>
              <td>{order.email || '—'}</td>
              <td>
                <span className={`admin-badge ${statusTone(order.status)}`}>{statusLabel(order.status)}</span>
              </td>
              <td>
                <time dateTime={order.placedAt ?? undefined}>{formatUkTime(order.placedAt)}</time>
              </td>
              <td>{order.phoneNumbers.length > 0 ? order.phoneNumbers.join(', ') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The order search of /admin/orders. The query and the page live in the URL (?query=&before=),
 * so a search can be linked, reloaded and gone back to; results come newest first, 20 a page.
 * Pages go by the server's cursor (keyset): orders placed meanwhile do not shift them.
 */
export function OrderSearch() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const query = params.get('query') ?? '';
  const before = params.get('before') ?? '';
  const known = before ? trailOf(location.state) : [];
  const trail = known ?? [''];
  const search = useSearchOrdersQuery({ query, before }, { refetchOnMountOrArgChange: true });
  const data = search.data;

  const go = (nextQuery: string, nextBefore: string, nextTrail: string[]) => {
    const wanted: Record<string, string> = { query: nextQuery };
    if (nextBefore) wanted.before = nextBefore;
    setParams(wanted, { state: { trail: nextTrail } satisfies PagerState });
  };
  const newer = () => go(query, trail.at(-1) ?? '', trail.slice(0, -1));
  const older = () => data?.next && go(query, data.next, [...trail, before]);

  let body;
  if (search.isError && errorStatus(search.error) === 400) {
    // A cursor the server does not know (a mangled link): its message, and the way back in.
    body = (
      <LoadProblem message={serverErrorMessage(search.error, orderMessages.searchFailed)}>
        <button type="button" className="button button-secondary" onClick={() => go(query, '', [])}>
          Go to the first page
        </button>
      </LoadProblem>
    );
  } else if (search.isError) {
    body = <LoadProblem message={orderMessages.searchFailed} onRetry={() => void search.refetch()} />;
  } else if (!data) {
    body = (
      <p className="loading" role="status">
        {orderMessages.searching}
      </p>
    );
  } else if (data.results.length === 0) {
    body = (
      <div className="admin-empty">
        {before ? (
          <>
            <p>{orderMessages.noOlder}</p>
            <button type="button" className="button button-secondary" onClick={() => go(query, '', [])}>
              Go to the first page
            </button>
          </>
        ) : query ? (
          <>
            <p>
              <strong>{orderMessages.noMatch(query)}</strong>
            </p>
            <p>{orderMessages.noMatchNext}</p>
            <button type="button" className="button button-secondary" onClick={() => go('', '', [])}>
              Clear the search
            </button>
          </>
        ) : (
          <p>{orderMessages.noOrders}</p>
        )}
      </div>
    );
  } else {
    const count = data.totalCapped ? `More than ${data.total.toLocaleString('en-GB')} orders` : `${data.total} ${data.total === 1 ? 'order' : 'orders'}`;
    body = (
      <>
        <p className="admin-results-count" aria-live="polite">
          {count}
          {query ? ` matching “${query}”` : ''}
        </p>
        <ResultsTable data={data} busy={search.isFetching} />
        <nav className="admin-pager" aria-label="Order pages">
          <button type="button" className="button button-secondary admin-small-button" disabled={!before || search.isFetching} onClick={newer}>
            Newer
          </button>
          {/* A linked page does not know how many pages come before it. */}
          <span>{known ? `Page ${known.length + 1}` : 'Older orders'}</span>
          <button type="button" className="button button-secondary admin-small-button" disabled={!data.next || search.isFetching} onClick={older}>
            Older
          </button>
        </nav>
      </>
    );
  }

  return (
    <>
      <SearchForm initial={query} onSearch={(text) => go(text, '', [])} />
      <section aria-labelledby={headingId} className="admin-results">
        <h2 id={headingId} className="visually-hidden">
          Results
        </h2>
        {body}
      </section>
    </>
  );
}
