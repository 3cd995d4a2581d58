import { Link, useParams } from 'react-router-dom';
import { PageMeta } from '../../../components/page-meta';
import { siteConfig } from '../../../config/site';
import { blogQueryString, postText, relatedPosts, wordCount } from '../blog-query';
import { PostBody } from '../components/post-body';
import { PostIllustration } from '../components/post-illustration';
import { PostMeta } from '../components/post-meta';
import { blogPostPath } from '../post-ids';
import { posts, type BlogPost } from '../posts';
import { shareLinks } from '../share-links';
import '../blog.css';

const notFoundMessages = {
  title: 'We could not find that article',
  text: 'The link may be mistyped, or the article may have moved. Every article we have published is on the blog.',
  back: 'Back to the blog',
} as const;

function NotFound({ id }: { id: string }) {
  return (
    <>
      <PageMeta title="Article not found" description="This blog article does not exist." path={blogPostPath(id)} noIndex />
      <section className="page-hero compact">
        <div className="container">
          <h1>{notFoundMessages.title}</h1>
          <p className="lead">{notFoundMessages.text}</p>
          <Link to="/blog" className="button button-secondary">
            {notFoundMessages.back}
          </Link>
        </div>
      </section>
    </>
  );
}

function Article({ post }: { post: BlogPost }) {
  const url = `${siteConfig.siteUrl}${blogPostPath(post.id)}`;
  const related = relatedPosts(post, posts);
  return (
    <>
      <PageMeta
        title={post.title}
        description={post.excerpt}
        path={blogPostPath(post.id)}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          datePublished: post.date,
          dateModified: post.date,
          author: { '@type': 'Person', name: post.author },
          publisher: { '@type': 'Organization', name: siteConfig.productName, url: siteConfig.siteUrl },
          mainEntityOfPage: { '@type': 'WebPage', '@id': url },
          url,
          articleSection: post.category,
          keywords: post.tags.join(', '),
          wordCount: wordCount(postText(post)),
          inLanguage: 'en-GB',
        }}
      />
      <div className="container page-body post-layout">
        <nav aria-label="Breadcrumb" className="post-breadcrumb">
          <Link to="/blog">Blog</Link> <span aria-hidden="true">›</span>{' '}
          <Link to={{ pathname: '/blog', search: blogQueryString({ q: '', category: post.category, tag: null, page: 1 }) }}>{post.category}</Link>
        </nav>
        <article className="post" aria-labelledby="post-title">
          <header className="post-header">
            <p className="post-category">{post.category}</p>
            <h1 id="post-title">{post.title}</h1>
            <PostMeta post={post} />
            <PostIllustration kind={post.illustration} className="post-picture" />
          </header>
          <PostBody blocks={post.content} />
          <footer className="post-footer">
            <h2 className="post-footer-heading">Tags</h2>
            <ul className="blog-tags">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={{ pathname: '/blog', search: blogQueryString({ q: '', category: null, tag, page: 1 }) }}
                    className="tag-chip"
                    aria-label={`${tag} tag`}
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
            <h2 className="post-footer-heading">Share this article</h2>
            <ul className="share-links">
              {shareLinks(url, post.title).map((link) => (
                <li key={link.network}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.network}{' '}
                    <span className="visually-hidden">(share, opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </footer>
        </article>
        {related.length > 0 && (
          <section className="post-related" aria-labelledby="post-related-heading">
            <h2 id="post-related-heading">Related articles</h2>
            <ul>
              {related.map((other) => (
                <li key={other.id} className="card">
                  <p className="post-category">{other.category}</p>
                  <h3>
                    <Link to={blogPostPath(other.id)}>{other.title}</Link>
                  </h3>
                  <p>{other.excerpt}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}

/** /blog/{id}: one article, or a clear message with a way back when there is no such article. */
export function BlogPostPage() {
  const { id = '' } = useParams();
  const post = posts.find((entry) => entry.id === id);
  return post ? <Article key={post.id} post={post} /> : <NotFound id={id} />;
}
