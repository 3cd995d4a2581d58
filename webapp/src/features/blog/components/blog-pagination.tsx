import { Link } from 'react-router-dom';
import { blogQueryString, type BlogQuery } from '../blog-query';

/** Previous, the page numbers and Next, as links that keep the search, category and tag. */
export function BlogPagination({ query, page, pageCount }: { query: BlogQuery; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const to = (target: number) => ({ pathname: '/blog', search: blogQueryString({ ...query, page: target }) });
  return (
    <nav className="blog-pagination" aria-label="Blog pages">
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className="blog-pagination-edge" aria-hidden="true">
          ← Previous
        </span>
      )}
      <ul>
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            <Link to={to(number)} aria-current={number === page ? 'page' : undefined} aria-label={`Page ${number}`}>
              {number}
            </Link>
          </li>
        ))}
      </ul>
      {page < pageCount ? (
        <Link to={to(page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span className="blog-pagination-edge" aria-hidden="true">
          Next →
        </span>
      )}
    </nav>
  );
}
