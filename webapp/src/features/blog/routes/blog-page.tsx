import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { blogQueryString, filterPosts, POSTS_PER_PAGE, readBlogQuery } from '../blog-query';
import { BlogPagination } from '../components/blog-pagination';
import { BlogSidebar } from '../components/blog-sidebar';
import { PostCard } from '../components/post-card';
import { blogPostPath } from '../post-ids';
import { posts } from '../posts';
import '../blog.css';

/**
 * /blog: the articles, three a page, with a search box, categories with counts, popular tags,
 * the newsletter and the popular posts. The search, category, tag and page live in the URL
 * (?q=&category=&tag=&page=), so a view can be linked and back/forward step through them.
 */
export function BlogPage() {
  const [params] = useSearchParams();
  const query = readBlogQuery(params);
  const view = filterPosts(posts, query);
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();

  // The box shows what is typed; typing replaces the URL (one history entry, not one a letter).
  // A link or back/forward brings its own search text into the box.
  const [text, setText] = useState(query.q);
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (navigationType !== 'REPLACE') setText(query.q);
  }

  const search = (value: string) => {
    setText(value);
    navigate({ pathname: '/blog', search: blogQueryString({ ...query, q: value, page: 1 }) }, { replace: true });
  };

  // A new page of results starts at the top of the list.
  const listRef = useRef<HTMLDivElement>(null);
  const shownPage = useRef(view.page);
  useEffect(() => {
    if (shownPage.current === view.page) return;
    shownPage.current = view.page;
    listRef.current?.scrollIntoView?.({ block: 'start' });
  }, [view.page]);

  const first = (view.page - 1) * POSTS_PER_PAGE + 1;
  const filtered = Boolean(query.q.trim() || query.category || query.tag);
  return (
    <>
      <PageMeta
        title="Blog: VoIP and business phone advice"
        description="Plain-English guides for UK small businesses: porting your number, choosing desk phones, the 2027 landline switch-off, cloud PBX, call quality and choosing numbers."
        path="/blog"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Blog',
          name: `The ${siteConfig.productName} blog`,
          url: `${siteConfig.siteUrl}/blog`,
          blogPost: posts.map((post) => ({
            '@type': 'BlogPosting',
            headline: post.title,
            datePublished: post.date,
            url: `${siteConfig.siteUrl}${blogPostPath(post.id)}`,
          })),
        }}
      />
      <section className="page-hero compact">
        <div className="container">
          <h1>The {siteConfig.productName} Blog</h1>
          <p className="lead">Practical advice for UK businesses choosing and running a phone system.</p>
        </div>
      </section>
      <div className="container page-body blog-layout">
        <div className="blog-main" ref={listRef}>
          <form role="search" className="blog-search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="blog-search-input">Search articles</label>
            <input
              id="blog-search-input"
              type="search"
              value={text}
              placeholder="e.g. porting, ISDN, headsets"
              onChange={(event) => search(event.target.value)}
            />
          </form>
          <p className="blog-status" role="status">
            {view.matches.length === 0
              ? query.q.trim()
                ? `No articles match “${query.q.trim()}”${query.category || query.tag ? ' with these filters' : ''}.`
                : 'No articles match these filters.'
              : `Showing ${first}–${first + view.pagePosts.length - 1} of ${view.matches.length} ${view.matches.length === 1 ? 'article' : 'articles'}${
                  query.category ? ` in ${query.category}` : ''
                }${query.tag ? ` tagged ${query.tag}` : ''}.`}{' '}
            {filtered && (
              <Link to="/blog" className="blog-clear">
                Show all articles
              </Link>
            )}
          </p>
          <div className="blog-list">
            {view.pagePosts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
          <BlogPagination query={query} page={view.page} pageCount={view.pageCount} />
        </div>
        <BlogSidebar posts={posts} query={query} />
      </div>
    </>
  );
}
