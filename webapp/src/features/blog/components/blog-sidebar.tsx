import { Link } from 'react-router-dom';
import { NewsletterForm } from '../../../components/newsletter-form';
import { blogQueryString, categoryCounts, popularTags, type BlogQuery } from '../blog-query';
import { blogPostPath } from '../post-ids';
import type { BlogPost } from '../posts';

/** Categories with counts, popular tags, the newsletter and the popular posts (the first three). */
export function BlogSidebar({ posts, query }: { posts: readonly BlogPost[]; query: BlogQuery }) {
  // Choosing a category or a tag keeps the search and goes back to page 1.
  const categoryTo = (name: string | null) => ({ pathname: '/blog', search: blogQueryString({ ...query, category: name, page: 1 }) });
  const tagTo = (tag: string | null) => ({ pathname: '/blog', search: blogQueryString({ ...query, tag, page: 1 }) });
  return (
    <aside className="blog-sidebar" aria-label="Blog topics">
      <section className="blog-sidebar-section" aria-labelledby="blog-categories-heading">
        <h2 id="blog-categories-heading">Categories</h2>
        <ul className="blog-categories">
          {categoryCounts(posts).map(({ name, count }, index) => {
            const value = index === 0 ? null : name;
            const active = query.category === value;
            return (
              <li key={name}>
                <Link to={categoryTo(value)} aria-current={active ? 'true' : undefined} className={active ? 'is-active' : undefined}>
                  <span>{name}</span>{' '}
                  <span className="blog-count">
                    {count}{' '}
                    <span className="visually-hidden">{count === 1 ? 'article' : 'articles'}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="blog-sidebar-section" aria-labelledby="blog-tags-heading">
        <h2 id="blog-tags-heading">Popular tags</h2>
        <ul className="blog-tags">
          {popularTags(posts).map((tag) => {
            const active = query.tag === tag;
            return (
              <li key={tag}>
                <Link
                  to={tagTo(active ? null : tag)}
                  className={`tag-chip${active ? ' is-active' : ''}`}
                  aria-current={active ? 'true' : undefined}
                  aria-label={active ? `${tag} (shown; choose to show every tag)` : `${tag} tag`}
                >
                  {tag}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="blog-sidebar-section blog-newsletter" aria-labelledby="blog-newsletter-heading">
        <h2 id="blog-newsletter-heading">Newsletter</h2>
        <p>One e-mail a month with our newest articles. No sales calls.</p>
        <NewsletterForm name="Blog newsletter" />
      </section>
      <section className="blog-sidebar-section" aria-labelledby="blog-popular-heading">
        <h2 id="blog-popular-heading">Popular posts</h2>
        <ol className="blog-popular">
          {posts.slice(0, 3).map((post) => (
            <li key={post.id}>
              <Link to={blogPostPath(post.id)}>{post.title}</Link>
            </li>
          ))}
        </ol>
      </section>
    </aside>
  );
}
