import type { BlogPost, PostBlock } from './posts';

/** Articles on each page of the list (docs/product-rules.md#help-and-information-pages). */
export const POSTS_PER_PAGE = 3;
const ALL_CATEGORIES = 'All';

/** What the list shows, as kept in the URL: ?q=&category=&tag=&page= */
export interface BlogQuery {
  q: string;
  category: string | null;
  tag: string | null;
  page: number;
}

export function readBlogQuery(params: URLSearchParams): BlogQuery {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const category = params.get('category');
  return {
    q: params.get('q') ?? '',
    category: category && category !== ALL_CATEGORIES ? category : null,
    tag: params.get('tag') || null,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The query string of a list view, leaving out what is at its default (no search, all categories, page 1). */
export function blogQueryString(query: BlogQuery): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.tag) params.set('tag', query.tag);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function blockText(block: PostBlock): string {
  if ('items' in block) return block.items.join(' ');
  if ('label' in block) return `${block.text} ${block.label}`;
  return block.text;
}

/** The article's body as plain text. */
export function postText(post: Pick<BlogPost, 'content'>): string {
  return post.content.map(blockText).join(' ');
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Minutes to read at about 200 words a minute, at least 1. */
export function readMinutes(post: Pick<BlogPost, 'content'>): number {
  return Math.max(1, Math.round(wordCount(postText(post)) / 200));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2026-10-20' → '20 October 2026' (the same on the server and in every browser). */
export function formatPostDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

function matchesSearch(post: BlogPost, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [post.title, post.excerpt, post.category, post.author, ...post.tags, postText(post)].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

interface BlogListView<Post> {
  /** Every article that matches the search, category and tag. */
  matches: Post[];
  /** The page shown: the one asked for, or the last page when it asked beyond it. */
  page: number;
  pageCount: number;
  pagePosts: Post[];
}

/**
 * The list as the query asks for it: the search text (every word, anywhere in the article), the
 * category and the tag all apply together, then the page of three.
 */
export function filterPosts(posts: readonly BlogPost[], query: BlogQuery): BlogListView<BlogPost> {
  const matches = posts.filter(
    (post) =>
      (!query.category || post.category === query.category) && (!query.tag || post.tags.includes(query.tag)) && matchesSearch(post, query.q),
  );
  const pageCount = Math.max(1, Math.ceil(matches.length / POSTS_PER_PAGE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  return { matches, page, pageCount, pagePosts: matches.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE) };
}

/** All, then each category in the order its first article appears, with how many articles each has. */
export function categoryCounts(posts: readonly BlogPost[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const post of posts) counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
  return [{ name: ALL_CATEGORIES, count: posts.length }, ...[...counts].map(([name, count]) => ({ name, count }))];
}

/** The tags used most, most used first (ties in alphabetical order). */
export function popularTags(posts: readonly BlogPost[], limit = 8): string[] {
  const counts = new Map<string, number>();
  for (const post of posts) for (const tag of post.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .slice(0, limit)
    .map(([tag]) => tag);
}

/** Other articles closest to `post`: most tags in common, the same category next, newest first; at most `limit`. */
export function relatedPosts(post: BlogPost, posts: readonly BlogPost[], limit = 3): BlogPost[] {
  const score = (other: BlogPost) =>
    other.tags.filter((tag) => post.tags.includes(tag)).length * 2 + (other.category === post.category ? 1 : 0);
  return posts
    .filter((other) => other.id !== post.id && score(other) > 0)
    .map((other, index) => ({ other, index, score: score(other) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ other }) => other);
}
