// Measures the JavaScript the home page loads: the entry chunk, the home route's lazy
// chunk and every chunk either imports statically (what the browser fetches before the
// home page can render), gzip level 9, from the Vite manifest of the last build.
// Usage: npm run build && node scripts/home-js-size.mjs [budgetKB]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const budgetKb = Number(process.argv[2] ?? 120);

const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) visit(next);
}
visit('index.html');
visit('src/app/routes/home.tsx');

let total = 0;
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzip JS for / (budget ${budgetKb} KB)`);
process.exitCode = total / 1024 <= budgetKb ? 0 : 1;
