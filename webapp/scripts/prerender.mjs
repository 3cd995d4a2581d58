// Prerenders every public page into real HTML, after `vite build` (dist/) and
// `vite build --ssr src/entry-server.tsx` (dist-ssr/); run by `npm run build`.
//
// - The pages are the routes of src/app/router.tsx under the public layout that are not
//   redirects, wildcards or `handle: { noindex: true }`; a route with parameters gives its
//   pages in `handle.paths` (src/app/site-pages.ts). A route added there is prerendered
//   without anything else to do.
// - Each page is rendered by React's `prerender` through the app's own routes, with the price
//   list of src/generated/catalogue.json, and written to dist/prerendered/<path>/index.html
//   (the home page to dist/prerendered/index.html): the markup in #root, and in <head> its
//   title, description, robots, canonical, Open Graph tags and JSON-LD (from <PageMeta>), its
//   lazy chunks as modulepreload and their CSS. The server (api/src/http/routes/web.rs) serves each
//   for its exact path; main.tsx hydrates it.
// - dist/index.html becomes the plain shell for every other path (checkout, unknown paths):
//   an empty #root, the product's name as title, noindex.
// - dist/sitemap.xml lists each page whose canonical URL is its own, with the date of the last
//   commit to its files (its lazy modules and what they alone import; the build date without
//   git); dist/robots.txt disallows the noindex routes and points to the sitemap.
// The build fails when a page fails to render, redirects, has no <PageMeta>, or says noIndex
// without its route saying so.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pageAssembler, renderNotingModules } from './page-html.mjs';

process.env.NODE_ENV ??= 'production';

const webapp = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webapp, 'dist');
const ssr = join(webapp, 'dist-ssr');

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const assembler = pageAssembler(dist, template);
const pageFiles = JSON.parse(readFileSync(join(ssr, 'page-files.json'), 'utf8'));
const server = await import(pathToFileURL(join(ssr, 'entry-server.js')).href);

const buildDate = new Date().toISOString().slice(0, 10);

/** The date (YYYY-MM-DD) of the last commit to any of `files`, or the build date. */
function lastCommitDate(files) {
  const git = spawnSync('git', ['log', '-1', '--format=%cs', '--', ...files], { cwd: webapp, encoding: 'utf8' });
  const date = git.status === 0 ? git.stdout.trim() : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : buildDate;
}

const pageFile = (path) => join(dist, 'prerendered', path, 'index.html');
const write = (file, content) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
};
const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const { pages, disallow } = server.site();
const siteUrl = server.siteConfig.siteUrl;
const sitemap = [];
const failures = [];
const pageModules = {};
for (const path of pages) {
  let page;
  let modules;
  try {
    ({ page, modules } = await renderNotingModules(() => server.renderPage(path)));
    if (page.meta.noIndex) {
      throw new Error(`${path} says noIndex in <PageMeta>: mark its route handle: { noindex: true } in src/app/router.tsx`);
    }
  } catch (error) {
    failures.push(error);
    continue;
  }
  pageModules[path] = [...modules];
  const html = assembler.document(page, modules);
  write(pageFile(path), html);
  const canonical = page.meta.path === path;
  if (canonical) {
    const files = [...modules].flatMap((id) => [id, ...(pageFiles[id] ?? [])]);
    sitemap.push({ path, lastmod: lastCommitDate(files.length ? files : ['src']) });
  }
  const size = (Buffer.byteLength(html) / 1024).toFixed(1);
  console.log(`  ${path.padEnd(32)} ${size.padStart(6)} KB${canonical ? '' : `  (canonical ${page.meta.path}: not in the sitemap)`}`);
}
if (failures.length) {
  for (const failure of failures) console.error(failure);
  throw new Error(`${failures.length} page(s) could not be prerendered`);
}

write(join(dist, 'index.html'), assembler.shell(server.shellHead()));

// What the server's renderer of live pages needs (scripts/render-worker.mjs), beside the SSR
// bundle: the page template, each page's lazy modules, the live pages and their GETs, and the
// worker itself, so dist-ssr/ runs on its own with Node (nothing from node_modules).
const livePages = await server.livePages();
write(join(ssr, 'template.html'), template);
write(join(ssr, 'page-modules.json'), JSON.stringify(pageModules));
write(join(ssr, 'live-pages.json'), JSON.stringify(livePages, null, 2));
for (const file of ['render-worker.mjs', 'page-html.mjs']) copyFileSync(join(webapp, 'scripts', file), join(ssr, file));

write(
  join(dist, 'sitemap.xml'),
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemap.map(
      ({ path, lastmod }) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc><lastmod>${lastmod}</lastmod></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n'),
);

write(
  join(dist, 'robots.txt'),
  ['User-agent: *', ...disallow.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n'),
);

console.log(`live pages: ${Object.keys(livePages).join(' ')}`);
console.log(`prerendered ${pages.length} pages; ${sitemap.length} in sitemap.xml; robots.txt disallows ${disallow.join(' ')}`);
