import { test } from '@playwright/test';
import { CATALOGUE_PAGES, crawl, pagesToCrawl } from './crawl';

// The site map's pages that show the desk-phone catalogue, with every check of the crawl
// (crawl.ts), in the serial `catalogue` project: no spec deletes a phone while they load.
test('the catalogue pages of the site map: real HTML without JavaScript, hydrated without an error, nothing for axe', async ({ browser, page, request }) => {
  const { listed, unlisted } = await pagesToCrawl(request, (path) => CATALOGUE_PAGES.includes(path));
  await crawl(browser, page, listed, unlisted);
});
