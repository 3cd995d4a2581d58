import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { render } from '@testing-library/react';
import { posts } from '../posts';
import { BlogPostPage } from './blog-post-page';

function renderPost(id: string) {
  return render(
    <MemoryRouter initialEntries={[`/blog/${id}`]}>
      <Routes>
        <Route path="/blog/:id" element={<BlogPostPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BlogPostPage', () => {
  it('shows the category, title, date, author, read time, content with h2 and h3, tags and share links', () => {
    renderPost('1');
    const post = posts[0];
    const article = screen.getByRole('article', { name: post.title });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(article).getByText(post.category, { selector: '.post-category' })).toBeInTheDocument();
    expect(within(article).getByText('20 October 2026')).toHaveAttribute('dateTime', post.date);
    expect(within(article).getByText(`By ${post.author}`)).toBeInTheDocument();
    expect(within(article).getByText(/\d+ min read/)).toBeInTheDocument();
    expect(within(article).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
    expect(within(article).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
    for (const tag of post.tags) expect(within(article).getByRole('link', { name: `${tag} tag` })).toBeInTheDocument();

    const url = encodeURIComponent('https://www.talkbridge.co.uk/blog/1');
    for (const network of ['LinkedIn', 'X', 'Facebook', 'WhatsApp']) {
      const link = within(article).getByRole('link', { name: new RegExp(`^${network} \\(share`) });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.getAttribute('href')).toContain(network === 'WhatsApp' ? encodeURIComponent(' https://www.talkbridge.co.uk/blog/1') : url);
    }
  });

  it('lists related articles, never the article itself', () => {
    renderPost('3');
    const related = screen.getByRole('region', { name: 'Related articles' });
    const titles = within(related).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles).not.toContain(posts[2].title);
  });

  it('an unknown id says so clearly and links back to the blog', async () => {
    renderPost('unknown');
    expect(screen.getByRole('heading', { level: 1, name: 'We could not find that article' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the blog' })).toHaveAttribute('href', '/blog');
  });
});
