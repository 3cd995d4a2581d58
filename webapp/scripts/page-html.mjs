// One page's HTML document from its render (src/entry-server.tsx renderPage): the build's
// index.html with the page's <head> tags, its lazy chunks as modulepreload and their CSS, and
// the markup and embedded data in #root. Shared by the build's prerender
// (scripts/prerender.mjs) and the server's live pages (scripts/render-worker.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const HEAD_MARKER = '<!--app-head-->';
export const ROOT = '<div id="root"></div>';

/**
 * The assembler for the build in `dist`, with `template` the build's index.html as Vite wrote
 * it (the prerender later turns dist/index.html into the shell, so it keeps a copy in dist-ssr).
 */
export function pageAssembler(dist, template) {
  if (!template.includes(HEAD_MARKER) || !template.includes(ROOT)) {
    throw new Error(`the page template lacks ${HEAD_MARKER} or ${ROOT}: run vite build first (npm run build)`);
  }
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

  /** The manifest keys `keys` load (themselves and their static imports). */
  const chunksOf = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const entryChunks = chunksOf(['index.html']);
  const entryCss = new Set([...entryChunks].flatMap((key) => manifest[key].css ?? []));

  /** <link>s for the page's lazy chunks (beyond the entry's) and their CSS, so it is styled at first paint. */
  const assetLinks = (modules) => {
    const missing = modules.filter((id) => !manifest[id]);
    if (missing.length) console.warn(`  no chunk in the manifest for ${missing.join(', ')}`);
    const chunks = [...chunksOf(modules)].filter((key) => !entryChunks.has(key));
    const css = new Set(chunks.flatMap((key) => manifest[key].css ?? []).filter((file) => !entryCss.has(file)));
    return [
      ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
    ];
  };

  return {
    /** The document of `page` (renderPage's answer), whose render loaded the lazy `modules`. */
    document(page, modules) {
      // The page's CSS after the entry's, as the browser would add it when the chunk loads.
      const links = assetLinks([...modules]).map((link) => `  ${link}\n  `);
      return template
        .replace(HEAD_MARKER, page.head)
        .replace('</head>', `${links.join('')}</head>`)
        .replace(ROOT, `<div id="root">${page.html}</div>\n    ${page.data}`);
    },
    /** The shell: the template with `head` (every path without a page). */
    shell(head) {
      return template.replace(HEAD_MARKER, head);
    },
  };
}

/**
 * Renders `path` with `render` while noting the lazy modules it loads (src/ reports each
 * `import()` to globalThis.__prerenderImported in the SSR build, vite.config.ts).
 */
export async function renderNotingModules(render) {
  const modules = new Set();
  globalThis.__prerenderImported = (id) => modules.add(id);
  try {
    const page = await render();
    return { page, modules };
  } finally {
    delete globalThis.__prerenderImported;
  }
}
