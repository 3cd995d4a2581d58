import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { routes } from './router';
import { disallowedPaths, sitePages } from './site-pages';

const page = (path: string, handle?: RouteObject['handle']): RouteObject => ({ path, element: null, handle });

describe('sitePages', () => {
  it('reads the public pages and noindex areas from the app’s routes', () => {
    const { pages, noindex } = sitePages(routes);
    expect(pages).toEqual(expect.arrayContaining(['/', '/plans-and-pricing', '/hardware', '/all-phone-numbers']));
    for (const hidden of ['/checkout', '/checkout/account-setup', '/thank-you', '/thank-you/trial', '/free-trial-account-setup', '/free-trial-thank-you', '/hardware-checkout', '/hardware-thank-you', '/admin']) {
      expect(pages).not.toContain(hidden);
    }
    expect(noindex).toEqual(expect.arrayContaining(['/checkout', '/hardware-checkout', '/thank-you', '/admin']));
    // Redirects and the unknown-path wildcard are no pages.
    expect(pages).not.toContain('/pricing');
    expect(pages.some((path) => path.includes('*'))).toBe(false);
  });

  it('joins nested paths, takes index routes, skips redirects and wildcards, honours noindex on a whole area', () => {
    const tree: RouteObject[] = [
      {
        path: '/',
        element: null,
        children: [
          { index: true, element: null },
          page('about'),
          page('old-about', { redirectTo: '/about' }),
          { path: 'support', children: [{ index: true, element: null }, page('guides/setup')] },
          { path: 'account', handle: { noindex: true }, children: [page('orders/:id')] },
          page('*', { redirectTo: '/' }),
        ],
      },
      { path: '/staff', handle: { noindex: true }, children: [page('login')] },
    ];
    expect(sitePages(tree)).toEqual({
      pages: ['/', '/about', '/support', '/support/guides/setup'],
      noindex: ['/account', '/staff'],
    });
  });

  it('lists a parameter route’s handle.paths and refuses one without them or with a path it does not match', () => {
    const blog = (handle?: RouteObject['handle']) => [{ path: '/', children: [page('blog'), page('blog/:id', handle)] }];
    expect(sitePages(blog({ paths: ['/blog/first-post', '/blog/second-post'] })).pages).toEqual([
      '/blog',
      '/blog/first-post',
      '/blog/second-post',
    ]);
    expect(() => sitePages(blog())).toThrow('The public route /blog/:id has parameters: list its pages in handle.paths');
    expect(() => sitePages(blog({ paths: ['/news/first-post'] }))).toThrow('/news/first-post');
    expect(sitePages(blog({ noindex: true })).noindex).toEqual(['/blog/']);
  });
});

describe('disallowedPaths', () => {
  it('keeps each area once, none inside another', () => {
    expect(disallowedPaths(['/checkout', '/checkout/account-setup', '/thank-you/trial', '/thank-you', '/admin', '/admin', '/hardware-checkout'])).toEqual([
      '/admin',
      '/checkout',
      '/hardware-checkout',
      '/thank-you',
    ]);
  });
});
