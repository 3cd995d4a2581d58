// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of dist/ (.js, .css,
// .html, .svg, .json, .xml, .txt), the last step of `npm run build`. The server sends the copy
// a request's Accept-Encoding takes (api/src/http/routes/web.rs), so nothing is compressed per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.xml', '.txt']);

let files = 0;
let plain = 0;
let brotli = 0;
let gzip = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  // .vite/ holds the build's manifest, for the build's scripts only.
  if (!entry.isFile() || !TEXT.has(extname(entry.name)) || path.includes('/.vite/')) continue;
  const content = readFileSync(path);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  files += 1;
  plain += content.length;
  brotli += br.length;
  gzip += gz.length;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`compressed ${files} files: ${kb(plain)} → ${kb(brotli)} brotli, ${kb(gzip)} gzip`);
