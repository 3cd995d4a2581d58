import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { orderMessages } from '../messages';
import { LoadProblem } from './load-problem';
import { orderPath } from '../next-path';
import { positiveInteger, statusLabel, statusTone } from '../order-format';
import { ORDER_KIND_LABELS, type OrderSearchPage } from '../order-types';
import { useSearchOrdersQuery } from '../orders-api';
import { formatUkTime } from '../uk-time';

/** The order page's way back to these results. */
export interface FromSearchState {
  search: string;
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
  const from: FromSearchState = { search: location.search };
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
                <time dateTime={order.placedAt}>{formatUkTime(order.placedAt)}</time>
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
 * The order search of /admin/orders. The query and the page live in the URL (?query=&page=), so
 * a search can be linked, reloaded and gone back to; results come newest first, 20 a page.
 */
export function OrderSearch() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const page = positiveInteger(params.get('page')) ?? 1;
  const search = useSearchOrdersQuery({ query, page }, { refetchOnMountOrArgChange: true });
  const data = search.data;
  const pageCount = Math.max(1, data?.pageCount ?? 1);

  const go = (nextQuery: string, nextPage: number) => setParams({ query: nextQuery, page: String(nextPage) });

  let body;
  if (search.isError) {
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
        {data.total > 0 ? (
          <>
            <p>{orderMessages.noSuchPage(page)}</p>
            <button type="button" className="button button-secondary" onClick={() => go(query, 1)}>
              Go to the first page
            </button>
          </>
        ) : query ? (
          <>
            <p>
              <strong>{orderMessages.noMatch(query)}</strong>
            </p>
            <p>{orderMessages.noMatchNext}</p>
            <button type="button" className="button button-secondary" onClick={() => go('', 1)}>
              Clear the search
            </button>
          </>
        ) : (
          <p>{orderMessages.noOrders}</p>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <p className="admin-results-count" aria-live="polite">
          {data.total} {data.total === 1 ? 'order' : 'orders'}
          {query ? ` matching “${query}”` : ''}
        </p>
        <ResultsTable data={data} busy={search.isFetching} />
        <nav className="admin-pager" aria-label="Order pages">
          <button type="button" className="button button-secondary admin-small-button" disabled={page <= 1 || search.isFetching} onClick={() => go(query, page - 1)}>
            Previous
          </button>
          <span>
            Page {Math.min(page, pageCount)} of {pageCount}
          </span>
          <button
            type="button"
            className="button button-secondary admin-small-button"
            disabled={page >= pageCount || search.isFetching}
            onClick={() => go(query, page + 1)}
          >
            Next
          </button>
        </nav>
      </>
    );
  }

  return (
    <>
      <SearchForm initial={query} onSearch={(text) => go(text, 1)} />
      <section aria-labelledby={headingId} className="admin-results">
        <h2 id={headingId} className="visually-hidden">
          Results
        </h2>
        {body}
      </section>
    </>
  );
}
