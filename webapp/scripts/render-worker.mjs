// The server's renderer of live pages (api/src/adapters/renderer.rs starts it with Node): renders a
// page of the app with the answer of its `live.api` (src/lib/live-page.ts), one request at a
// time, for as long as the server runs. The build copies it into dist-ssr/ beside the SSR
// bundle, which it runs on its own (nothing from node_modules).
//
//   node dist-ssr/render-worker.mjs <the web app's build (dist)>
//
// Says {"ready": true} once the bundle is loaded, then reads one JSON request a line on stdin, {"path": "/hardware", "answer": <the GET's JSON>},
// and writes one JSON line on stdout for each, in order: {"html": "<!doctype html>…"} or
// {"error": "why"}. Logs go to stderr (stdout carries only the answers).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pageAssembler } from './page-html.mjs';

process.env.NODE_ENV ??= 'production';
for (const name of ['log', 'info', 'debug']) console[name] = console.error;

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = process.argv[2];
if (!dist) {
  console.error('usage: node render-worker.mjs <the web app build directory (dist)>');
  process.exit(2);
}
const assembler = pageAssembler(dist, readFileSync(join(here, 'template.html'), 'utf8'));
const pageModules = JSON.parse(readFileSync(join(here, 'page-modules.json'), 'utf8'));
const server = await import(pathToFileURL(join(here, 'entry-server.js')).href);

const answer = (reply) => process.stdout.write(`${JSON.stringify(reply)}\n`);
answer({ ready: true });

// Requests are handled one after another: the server waits for each answer before the next.
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  try {
    const { path, answer: live } = JSON.parse(line);
    if (typeof path !== 'string' || !(path in pageModules)) throw new Error(`no page at ${JSON.stringify(path)}`);
    const page = await server.renderPage(path, live);
    answer({ html: assembler.document(page, pageModules[path]) });
  } catch (error) {
    answer({ error: error instanceof Error ? error.message : String(error) });
  }
}
