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
//   lazy chunks as modulepreload and their CSS. The server (api/src/routes/web.rs) serves each
//   for its exact path; main.tsx hydrates it.
// - dist/index.html becomes the plain shell for every other path (checkout, unknown paths):
//   an empty #root, the product's name as title, noindex.
// - dist/sitemap.xml lists each page whose canonical URL is its own, with the date of the last
//   commit to its files (its lazy modules and what they alone import; the build date without
//   git); dist/robots.txt disallows the noindex routes and points to the sitemap.
// The build fails when a page fails to render, redirects, has no <PageMeta>, or says noIndex
// without its route saying so.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

process.env.NODE_ENV ??= 'production';

const webapp = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webapp, 'dist');
const ssr = join(webapp, 'dist-ssr');
const HEAD_MARKER = '<!--app-head-->';
const ROOT = '<div id="root"></div>';

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes(HEAD_MARKER) || !template.includes(ROOT)) {
  throw new Error(`dist/index.html lacks ${HEAD_MARKER} or ${ROOT}: run vite build first (npm run build)`);
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const pageFiles = JSON.parse(readFileSync(join(ssr, 'page-files.json'), 'utf8'));
const server = await import(pathToFileURL(join(ssr, 'entry-server.js')).href);

/** The manifest keys `keys` load (themselves and their static imports). */
function chunksOf(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const entryChunks = chunksOf(['index.html']);
const entryCss = new Set([...entryChunks].flatMap((key) => manifest[key].css ?? []));

/** <link>s for the page's lazy chunks (beyond the entry's) and their CSS, so it is styled at first paint. */
function assetLinks(modules) {
  const missing = modules.filter((id) => !manifest[id]);
  if (missing.length) console.warn(`  no chunk in the manifest for ${missing.join(', ')}`);
  const chunks = [...chunksOf(modules)].filter((key) => !entryChunks.has(key));
  const css = new Set(chunks.flatMap((key) => manifest[key].css ?? []).filter((file) => !entryCss.has(file)));
  return [
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
  ];
}

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
for (const path of pages) {
  const modules = new Set();
  globalThis.__prerenderImported = (id) => modules.add(id);
  let page;
  try {
    page = await server.renderPage(path);
    if (page.meta.noIndex) {
      throw new Error(`${path} says noIndex in <PageMeta>: mark its route handle: { noindex: true } in src/app/router.tsx`);
    }
  } catch (error) {
    failures.push(error);
    continue;
  }
  // The page's CSS after the entry's, as the browser would add it when the chunk loads.
  const links = assetLinks([...modules]).map((link) => `  ${link}\n  `);
  const html = template
    .replace(HEAD_MARKER, page.head)
    .replace('</head>', `${links.join('')}</head>`)
    .replace(ROOT, `<div id="root">${page.html}</div>\n    ${page.data}`);
  write(pageFile(path), html);
  const canonical = page.meta.path === path;
  if (canonical) {
    const files = [...modules].flatMap((id) => [id, ...(pageFiles[id] ?? [])]);
    sitemap.push({ path, lastmod: lastCommitDate(files.length ? files : ['src']) });
  }
  const size = (Buffer.byteLength(html) / 1024).toFixed(1);
  console.log(`  ${path.padEnd(32)} ${size.padStart(6)} KB${canonical ? '' : `  (canonical ${page.meta.path}: not in the sitemap)`}`);
}
delete globalThis.__prerenderImported;
if (failures.length) {
  for (const failure of failures) console.error(failure);
  throw new Error(`${failures.length} page(s) could not be prerendered`);
}

write(join(dist, 'index.html'), template.replace(HEAD_MARKER, server.shellHead()));

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

console.log(`prerendered ${pages.length} pages; ${sitemap.length} in sitemap.xml; robots.txt disallows ${disallow.join(' ')}`);
