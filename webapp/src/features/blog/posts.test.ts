import { describe, expect, it } from 'vitest';
import { postText, wordCount } from './blog-query';
import { blogPostIds } from './post-ids';
import { posts } from './posts';

describe('the blog’s articles', () => {
  it('are the ids the router lists, in order', () => {
    expect(posts.map((post) => post.id)).toEqual([...blogPostIds]);
  });

  it('start with porting (VoIP) and desk phones (Hardware)', () => {
    expect(posts[0]).toMatchObject({ id: '1', category: 'VoIP' });
    expect(posts[0].title).toMatch(/port/i);
    expect(posts[1]).toMatchObject({ id: '2', category: 'Hardware' });
    expect(posts[1].title).toMatch(/phones/i);
  });

  it.each(posts.map((post) => [post.id, post] as const))('article %s has at least 500 words', (_id, post) => {
    expect(wordCount(postText(post))).toBeGreaterThanOrEqual(500);
  });

  it.each(posts.map((post) => [post.id, post] as const))('article %s opens with an h2 and never puts an h3 before an h2', (_id, post) => {
    const headings = post.content.filter((block) => block.kind === 'h2' || block.kind === 'h3').map((block) => block.kind);
    expect(post.content[0].kind).toBe('h2');
    expect(headings.indexOf('h3') === -1 || headings.indexOf('h2') < headings.indexOf('h3')).toBe(true);
  });

  it('have real dates, newest first', () => {
    for (const post of posts) expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([...posts].sort((a, b) => b.date.localeCompare(a.date))).toEqual(posts);
  });

  it('quote no price: prices come from the catalogue', () => {
    for (const post of posts) expect(`${post.title} ${post.excerpt} ${postText(post)}`).not.toMatch(/£\s?\d/);
  });
});
