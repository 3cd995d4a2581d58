/**
 * The blog's article ids, kept light on purpose: the router reads them (for the prerendered
 * /blog/{id} paths) without pulling every article's text into the first page's script.
 * posts.test.ts checks they are exactly the ids of posts.ts, in order.
 */
export const blogPostIds = ['1', '2', '3', '4', '5', '6'] as const;

export type BlogPostId = (typeof blogPostIds)[number];

export const blogPostPath = (id: string) => `/blog/${id}`;
