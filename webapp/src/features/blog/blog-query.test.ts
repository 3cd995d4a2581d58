import { describe, expect, it } from 'vitest';
import {
  blogQueryString,
  categoryCounts,
  filterPosts,
  formatPostDate,
  popularTags,
  readBlogQuery,
  readMinutes,
  relatedPosts,
  type BlogQuery,
} from './blog-query';
import type { BlogPost } from './posts';

function post(id: string, category: string, tags: string[], title = `Post ${id}`, body = 'Plain words.'): BlogPost {
  return {
    id: id as BlogPost['id'],
    title,
    excerpt: `Excerpt of ${id}`,
    date: '2026-01-01',
    author: 'A. Writer',
    category,
    tags,
    illustration: 'numbers',
    content: [{ kind: 'p', text: body }],
  };
}

// Seven articles: four VoIP, two Hardware, one Numbers.
const posts = [
  post('1', 'VoIP', ['Porting', 'Switching'], 'Porting your number', 'Keep the number your customers know.'),
  post('2', 'Hardware', ['Desk phones'], 'Best desk phones', 'PoE and HD voice.'),
  post('3', 'VoIP', ['Switching'], 'The switch-off', 'ISDN and copper lines close.'),
  post('4', 'VoIP', ['Broadband'], 'Broadband for calls', 'Jitter, latency and SIP ALG.'),
  post('5', 'Hardware', ['Headsets', 'Desk phones'], 'Headsets', 'Wireless headsets with EHS.'),
  post('6', 'Numbers', ['Porting'], 'Choosing numbers', '0333 and 0800 numbers.'),
  post('7', 'VoIP', ['Switching'], 'Moving day', 'Port your number on the day.'),
];

const query = (overrides: Partial<BlogQuery> = {}): BlogQuery => ({ q: '', category: null, tag: null, page: 1, ...overrides });
const ids = (list: BlogPost[]) => list.map((entry) => entry.id);

describe('filterPosts', () => {
  it('pages the articles three at a time', () => {
    expect(ids(filterPosts(posts, query()).pagePosts)).toEqual(['1', '2', '3']);
    const second = filterPosts(posts, query({ page: 2 }));
    expect(ids(second.pagePosts)).toEqual(['4', '5', '6']);
    expect(second.pageCount).toBe(3);
    expect(ids(filterPosts(posts, query({ page: 3 })).pagePosts)).toEqual(['7']);
  });

  it('a page beyond the last shows the last, and a page below 1 shows the first', () => {
    const view = filterPosts(posts, query({ page: 9 }));
    expect(view.page).toBe(3);
    expect(ids(view.pagePosts)).toEqual(['7']);
    expect(filterPosts(posts, query({ page: 0 })).page).toBe(1);
  });

  it('filters by category', () => {
    const view = filterPosts(posts, query({ category: 'VoIP' }));
    expect(ids(view.matches)).toEqual(['1', '3', '4', '7']);
    expect(view.pageCount).toBe(2);
  });

  it('searches title, excerpt, tags and the article text, every word, in any case', () => {
    expect(ids(filterPosts(posts, query({ q: 'PORTING' })).matches)).toEqual(['1', '6']);
    expect(ids(filterPosts(posts, query({ q: 'sip alg' })).matches)).toEqual(['4']);
    expect(ids(filterPosts(posts, query({ q: 'number port' })).matches)).toEqual(['1', '6', '7']);
    expect(filterPosts(posts, query({ q: 'fax' })).matches).toEqual([]);
  });

  it('search, category and tag combine', () => {
    expect(ids(filterPosts(posts, query({ q: 'number', category: 'VoIP' })).matches)).toEqual(['1', '7']);
    expect(ids(filterPosts(posts, query({ tag: 'Porting' })).matches)).toEqual(['1', '6']);
    expect(ids(filterPosts(posts, query({ tag: 'Porting', category: 'Numbers' })).matches)).toEqual(['6']);
    expect(ids(filterPosts(posts, query({ tag: 'Switching', q: 'day' })).matches)).toEqual(['7']);
  });

  it('with nothing matching there is one empty page', () => {
    expect(filterPosts(posts, query({ q: 'nothing like this' }))).toEqual({ matches: [], page: 1, pageCount: 1, pagePosts: [] });
  });
});

describe('the URL query', () => {
  it('reads search, category, tag and page, with defaults for what is missing or wrong', () => {
    expect(readBlogQuery(new URLSearchParams('q=isdn&category=VoIP&tag=Porting&page=2'))).toEqual({
      q: 'isdn',
      category: 'VoIP',
      tag: 'Porting',
      page: 2,
    });
    expect(readBlogQuery(new URLSearchParams(''))).toEqual(query());
    expect(readBlogQuery(new URLSearchParams('category=All&page=-3&tag='))).toEqual(query());
    expect(readBlogQuery(new URLSearchParams('page=abc'))).toEqual(query());
  });

  it('writes only what differs from the default, so links stay short', () => {
    expect(blogQueryString(query())).toBe('');
    expect(blogQueryString(query({ q: '  ' }))).toBe('');
    expect(blogQueryString(query({ q: 'call quality', category: 'VoIP', page: 2 }))).toBe('?q=call+quality&category=VoIP&page=2');
    expect(blogQueryString(query({ tag: 'Desk phones', page: 1 }))).toBe('?tag=Desk+phones');
  });
});

describe('the sidebar and related articles', () => {
  it('counts each category after All', () => {
    expect(categoryCounts(posts)).toEqual([
      { name: 'All', count: 7 },
      { name: 'VoIP', count: 4 },
      { name: 'Hardware', count: 2 },
      { name: 'Numbers', count: 1 },
    ]);
  });

  it('lists the most used tags first', () => {
    expect(popularTags(posts, 3)).toEqual(['Switching', 'Desk phones', 'Porting']);
  });

  it('relates articles by shared tags, then category', () => {
    // 3 and 7 share a tag and the category; 6 shares only a tag.
    expect(ids(relatedPosts(posts[0], posts))).toEqual(['3', '7', '6']);
    expect(ids(relatedPosts(posts[1], posts))).toEqual(['5']);
  });
});

describe('dates and reading time', () => {
  it('formats the date the same everywhere', () => {
    expect(formatPostDate('2026-10-20')).toBe('20 October 2026');
    expect(formatPostDate('2026-06-03')).toBe('3 June 2026');
  });

  it('reads at about 200 words a minute, at least a minute', () => {
    expect(readMinutes({ content: [{ kind: 'p', text: 'word '.repeat(1000) }] })).toBe(5);
    expect(readMinutes({ content: [{ kind: 'p', text: 'short' }] })).toBe(1);
  });
});
