import { test } from '@playwright/test';
import { CATALOGUE_PAGES, crawl, pagesToCrawl } from './crawl';

// Every page of the site map but the catalogue's (site-map-hardware.spec.ts), shared out between
// parallel parts so that both workers crawl at once, beside the other specs (crawl.ts says what
// each page is checked for).
const PARTS = 4;

test.describe.configure({ mode: 'parallel' });

for (let part = 0; part < PARTS; part += 1) {
  test(`every page of the site map: real HTML without JavaScript, hydrated without an error, nothing for axe (part ${part + 1} of ${PARTS})`, async ({ browser, page, request }) => {
    let index = 0;
    const { listed, unlisted } = await pagesToCrawl(request, (path) => !CATALOGUE_PAGES.includes(path) && index++ % PARTS === part);
    await crawl(browser, page, listed, unlisted);
  });
}
