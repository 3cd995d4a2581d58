import { formatPostDate, readMinutes } from '../blog-query';
import type { BlogPost } from '../posts';

/** Date, author and reading time of an article. */
export function PostMeta({ post }: { post: BlogPost }) {
  return (
    <p className="post-meta">
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      <span aria-hidden="true"> · </span>
      <span>By {post.author}</span>
      <span aria-hidden="true"> · </span>
      <span>{readMinutes(post)} min read</span>
    </p>
  );
}
