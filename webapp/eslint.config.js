// ESLint flat config: `npm run lint` (eslint . --max-warnings=0) is a gate.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const here = import.meta.dirname;
/** Every feature folder, so a new one is a zone of its own without a change here. */
const features = readdirSync(`${here}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another: move what both need to src/components or src/lib, or join them in src/app.',
}));

const sharedZones = (from) => [
  {
    target: ['./src/components', './src/lib', './src/config', './src/testing'],
    from,
    message: 'Shared code imports no feature and not the app.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'dist-ssr/', 'test-results/', 'node_modules/', 'playwright-report/'] },

  js.configs.recommended,

  // TypeScript (src/, e2e/, the Vite and Playwright configs): the recommended rules without type
  // information; the type-aware set took about 45 s on 2 cores, over the gate's 30 s budget.
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `const { password: _password, ...rest } = info` leaves fields out of a copy (as tsc allows).
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },

  // React code: the hooks rules (rules-of-hooks and exhaustive-deps both errors).
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // The layers of src/ (bulletproof-react's `import/no-restricted-paths` zones): shared code
  // (components, lib, config, testing) imports no feature and not the app; a feature imports
  // shared code and never another feature nor the app, which is the one layer that joins them.
  // The rule resolves each import to its file (Node's resolution with the TypeScript
  // extensions): an import it cannot resolve is not checked, so the resolver must know .ts/.tsx.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: here, zones: [...featureZones, ...sharedZones(['./src/features'])] }] },
  },
  // Tests and their harnesses render the app's real store and router, so they may import src/app
  // (nothing else does); they still never import another feature.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/**/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: here,
          zones: [
            ...featureZones,
            { target: './src/features', from: './src/app', message: 'Features do not import the app layer: it imports them.' },
            ...sharedZones(['./src/features', './src/app']),
          ],
        },
      ],
    },
  },

  // Plain JavaScript run by Node: this file and scripts/.
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },

  // Playwright specs run in Node, with page.evaluate callbacks in the browser.
  {
    files: ['e2e/**/*.ts', '*.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
