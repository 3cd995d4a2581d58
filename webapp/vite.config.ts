/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://127.0.0.1:8080';
const root = fileURLToPath(new URL('.', import.meta.url));
const src = resolve(root, 'src');

/**
 * For the prerender (the `--ssr` build of src/entry-server.tsx; scripts/prerender.mjs):
 * - each `import('…')` in src/ reports the imported module (e.g. `src/app/routes/home.tsx`)
 *   to `globalThis.__prerenderImported` when it runs, so the prerender learns which lazy
 *   page modules a page loaded (their chunks are preloaded and their CSS linked in its HTML);
 * - `page-files.json` lists, for each such module, the source files it alone brings in (its
 *   static imports that the entry does not already have): the sitemap's lastmod is the date
 *   of the last commit to them.
 */
function prerenderPageModules(): Plugin {
  const lazyModules = new Set<string>();
  const name = (id: string) => relative(root, id);
  return {
    name: 'prerender-page-modules',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    async transform(code, id) {
      if (!id.startsWith(src) || !code.includes('import(')) return null;
      const pattern = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;
      const found = [...code.matchAll(pattern)];
      const targets = await Promise.all(found.map((match) => this.resolve(match[2], id)));
      let out = '';
      let last = 0;
      found.forEach((match, index) => {
        const target = targets[index]?.id;
        if (!target || !target.startsWith(src)) return;
        lazyModules.add(target);
        const start = match.index;
        out += code.slice(last, start);
        out += `(globalThis.__prerenderImported?.(${JSON.stringify(name(target))}), ${match[0]})`;
        last = start + match[0].length;
      });
      return last === 0 ? null : { code: out + code.slice(last), map: null };
    },
    generateBundle() {
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id) || !id.startsWith(src)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const shell = closure(entries);
      const pageFiles: Record<string, string[]> = {};
      for (const id of lazyModules) {
        pageFiles[name(id)] = [...closure([id])].filter((file) => !shell.has(file)).map(name).sort();
      }
      this.emitFile({ type: 'asset', fileName: 'page-files.json', source: JSON.stringify(pageFiles, null, 2) });
    },
  };
}

// The .test.ts files that need a DOM (see test.projects below), or the web transform: under Node,
// Vite transforms modules for the server, where the prerender's plugin rewrites router.tsx
// (trial-length reads the sources as raw text).
const DOM_TESTS = [
  'src/config/trial-length.test.ts',
  'src/app/early-clicks.test.ts',
  'src/app/live-pages.test.ts',
  'src/features/cart/api.test.ts',
  'src/features/cart/numbers-api.test.ts',
  'src/features/checkout/order-secret.test.ts',
  'src/features/checkout/payment-messages.test.ts',
  'src/features/hardware-checkout/api.test.ts',
  'src/features/hardware-checkout/hardware-payment-messages.test.ts',
  'src/features/hardware/api.test.ts',
  'src/features/trial/start-trial.test.ts',
  'src/lib/analytics.test.ts',
  'src/lib/api-endpoints.test.ts',
  'src/lib/registrations.test.ts',
  'src/lib/single-h1.test.ts',
];

// The test files that replace a module (`vi.mock`). The other files share their worker's module
// cache (isolate: false, which halves the suite's time), where a module another file imported
// first would stay unmocked; these get a fresh one each.
const MOCKING_TESTS = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(resolve(src, file), 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.split('\\').join('/')}`);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), prerenderPageModules()],
  // The SSR bundle carries its dependencies: the server's renderer of live pages
  // (scripts/render-worker.mjs) runs it with Node where no node_modules is installed.
  ssr: isSsrBuild ? { noExternal: true, target: 'node' } : undefined,
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Read by scripts/prerender.mjs (each page's chunks and CSS) and scripts/home-js-size.mjs.
        manifest: true,
      },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
    },
  },
  test: {
    globals: true,
    css: false,
    // Vitest's default leaves a core free (one worker on a 2-core machine, where the suite then
    // took 190 s with the other core idle); the files share nothing, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    // A test may take 15 s, not vitest's 5: the suite runs beside the Rust compile, and on a 2-core
    // machine loaded further (a second test run once) a page's first render passed 5 s. A test that
    // hangs still fails.
    testTimeout: 15_000,
    // Two kinds of test file. Components and pages (.test.tsx), and the .test.ts files named in
    // DOM_TESTS, run in jsdom with the DOM setup; every other .test.ts is logic alone (rules,
    // prices, slices) and runs in plain Node, without a jsdom and the DOM libraries, which
    // cost each file 1.6 s of a worker. A .test.ts that fails with "document is not defined"
    // or "window is not defined" belongs in DOM_TESTS. Files share their worker's modules and
    // jsdom (isolate: false: 93 s where a fresh module graph per file took 191 s), so a test
    // leaves nothing behind that the next file reads (setup-tests.ts cleans the DOM, storage and
    // stubbed globals after each); the files that mock a module run isolated (MOCKING_TESTS).
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup-tests.ts'],
          include: ['src/**/*.test.tsx', ...DOM_TESTS],
          exclude: MOCKING_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-mocks',
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup-tests.ts'],
          include: MOCKING_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'logic',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: [...DOM_TESTS, ...MOCKING_TESTS],
          isolate: false,
        },
      },
    ],
  },
}));
