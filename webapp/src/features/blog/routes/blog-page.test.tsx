import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { posts } from '../posts';
import { BlogPage } from './blog-page';

function renderBlog(route = '/blog') {
  const user = userEvent.setup();
  const result = renderWithProviders(<BlogPage />, { route });
  return { user, ...result };
}

const listed = () => screen.getAllByRole('heading', { level: 2 }).filter((heading) => heading.closest('article')).map((heading) => heading.textContent);
const status = () => screen.getByRole('status');
const sidebar = () => screen.getByRole('complementary', { name: 'Blog topics' });

describe('BlogPage', () => {
  it('lists three articles a page with the popular posts, categories with counts and tags', () => {
    renderBlog();
    expect(listed()).toEqual(posts.slice(0, 3).map((post) => post.title));
    expect(status()).toHaveTextContent(`Showing 1–3 of ${posts.length} articles.`);
    expect(within(sidebar()).getByRole('link', { name: `All ${posts.length} articles` })).toHaveAttribute('aria-current', 'true');
    expect(within(sidebar()).getByRole('link', { name: /^VoIP \d+ articles$/ })).toHaveAttribute('href', '/blog?category=VoIP');
    expect(within(sidebar()).getByRole('link', { name: 'Hardware 1 article' })).toBeInTheDocument();
    const popular = within(sidebar()).getByRole('heading', { name: 'Popular posts' }).nextElementSibling as HTMLElement;
    expect(within(popular).getAllByRole('link').map((link) => link.textContent)).toEqual(posts.slice(0, 3).map((post) => post.title));
    expect(within(sidebar()).getByRole('form', { name: 'Blog newsletter' })).toBeInTheDocument();
  });

  it('pages with links that keep the page in the URL', async () => {
    const { user, history } = renderBlog();
    const pages = screen.getByRole('navigation', { name: 'Blog pages' });
    await user.click(within(pages).getByRole('link', { name: 'Next →' }));
    expect(history.location.search).toBe('?page=2');
    expect(listed()).toEqual(posts.slice(3, 6).map((post) => post.title));
    expect(within(screen.getByRole('navigation', { name: 'Blog pages' })).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('choosing a category goes back to page 1 and keeps the search', async () => {
    const { user, history } = renderBlog('/blog?q=number&page=2');
    await user.click(within(sidebar()).getByRole('link', { name: /^VoIP/ }));
    expect(history.location.search).toBe('?q=number&category=VoIP');
    for (const title of listed()) expect(posts.find((post) => post.title === title)?.category).toBe('VoIP');
    expect(status()).toHaveTextContent(/Showing 1–\d of \d articles? in VoIP\./);
  });

  it('searching replaces the URL as you type, goes back to page 1, and combines with the category', async () => {
    const { user, history } = renderBlog('/blog?category=VoIP&page=2');
    const entries = history.index;
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'isdn');
    expect(history.location.search).toBe('?q=isdn&category=VoIP');
    expect(history.index).toBe(entries);
    expect(listed().length).toBeGreaterThan(0);
    for (const title of listed()) expect(posts.find((post) => post.title === title)?.category).toBe('VoIP');

    await user.clear(screen.getByRole('searchbox', { name: 'Search articles' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'zzzz');
    expect(status()).toHaveTextContent('No articles match “zzzz” with these filters.');
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
  });

  it('a tag chip filters, and choosing it again shows every tag', async () => {
    const { user, history } = renderBlog();
    await user.click(within(sidebar()).getByRole('link', { name: 'Desk phones tag' }));
    expect(history.location.search).toBe('?tag=Desk+phones');
    expect(listed()).toEqual(posts.filter((post) => post.tags.includes('Desk phones')).map((post) => post.title));
    await user.click(within(sidebar()).getByRole('link', { name: /^Desk phones \(shown/ }));
    expect(history.location.search).toBe('');
  });

  it('back and forward bring back the earlier view and its search text', async () => {
    const { user, history } = renderBlog('/blog?q=porting');
    expect(screen.getByRole('searchbox')).toHaveValue('porting');
    await user.click(within(sidebar()).getByRole('link', { name: /^Hardware/ }));
    expect(history.location.search).toBe('?q=porting&category=Hardware');
    await user.click(screen.getByRole('link', { name: 'Show all articles' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    await act(() => history.go(-1));
    expect(screen.getByRole('searchbox')).toHaveValue('porting');
    expect(history.location.search).toBe('?q=porting&category=Hardware');
  });
});
