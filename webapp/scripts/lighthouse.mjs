// Lighthouse (mobile preset: a mid-range phone on a slow 4G link, CPU slowed 4x) over every
// public route the server's /sitemap.xml lists, with Debian's Chromium, and a table of the
// four scores plus FCP, LCP and CLS. Not part of the tests: run it against the release server.
//
// Usage: node scripts/lighthouse.mjs [baseUrl] [--out file.md]   (ROUTES=/a,/b: only those of the sitemap)
//   baseUrl defaults to $BASE_URL or http://127.0.0.1:8080; the table is printed and written
//   to --out (default ../.local/lighthouse.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = resolve(outIndex >= 0 ? args[outIndex + 1] : new URL('../../.local/lighthouse.md', import.meta.url).pathname);
const base = (args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--out') ?? process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const sitemap = await fetch(`${base}/sitemap.xml`);
if (!sitemap.ok) {
  console.error(`Could not read ${base}/sitemap.xml (${sitemap.status}). Start the server first: bash .ci/start --release (the release build on port 8080).`);
  process.exit(1);
}
const only = process.env.ROUTES ? new Set(process.env.ROUTES.split(',')) : null;
const paths = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map((match) => new URL(match[1]).pathname)
  .filter((path) => !only || only.has(path));

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const score = (category) => Math.round((category?.score ?? 0) * 100);
const rows = [];
try {
  for (const [index, path] of paths.entries()) {
    process.stderr.write(`[${index + 1}/${paths.length}] ${path}\n`);
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    rows.push({
      path,
      performance: score(categories.performance),
      accessibility: score(categories.accessibility),
      bestPractices: score(categories['best-practices']),
      seo: score(categories.seo),
      fcp: audits['first-contentful-paint']?.displayValue ?? '',
      lcp: audits['largest-contentful-paint']?.displayValue ?? '',
      cls: audits['cumulative-layout-shift']?.displayValue ?? '',
    });
  }
} finally {
  await chrome.kill();
}

const lines = [
  `Lighthouse ${new Date().toISOString().slice(0, 10)}, mobile preset, ${base}`,
  '',
  '| route | performance | accessibility | best practices | SEO | FCP | LCP | CLS |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.cls} |`),
];
const below = rows.filter((r) => r.performance < 95 || r.accessibility < 100 || r.bestPractices < 100 || r.seo < 100);
lines.push('', `${rows.length} routes; ${below.length} below the goal (performance 95, the others 100)${below.length ? ': ' + below.map((r) => r.path).join(', ') : ''}.`);
const table = lines.join('\n');
console.log(table);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${table}\n`);
console.error(`Written to ${out}`);
