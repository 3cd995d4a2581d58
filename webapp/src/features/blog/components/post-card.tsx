import { Link } from 'react-router-dom';
import { blogPostPath } from '../post-ids';
import type { BlogPost } from '../posts';
import { PostIllustration } from './post-illustration';
import { PostMeta } from './post-meta';

/** An article in the list: picture, category, title, excerpt, date, author and reading time. */
export function PostCard({ post }: { post: BlogPost }) {
  return (
    <article className="post-card" aria-labelledby={`post-card-${post.id}`}>
      <PostIllustration kind={post.illustration} className="post-card-picture" />
      <div className="post-card-body">
        <p className="post-category">{post.category}</p>
        <h2 id={`post-card-${post.id}`} className="post-card-title">
          <Link to={blogPostPath(post.id)}>{post.title}</Link>
        </h2>
        <PostMeta post={post} />
        <p>{post.excerpt}</p>
      </div>
    </article>
  );
}
