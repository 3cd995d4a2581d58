import { describe, expect, it } from 'vitest';

// Every feature adds its endpoints to the one RTK Query API (lib/api.ts). Two features that
// inject the same name share one definition: RTK keeps the first and drops the second without
// a word outside development, so the page of the feature loaded second calls the other's URL
// (the account's order page fetched the checkout's order once the checkout had loaded).
const sources: Record<string, string> = import.meta.glob(['/src/**/*.ts', '!/src/**/*.test.ts', '!/src/testing/**', '!/src/generated/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The endpoint names a source injects (`name: build.query<…>(`, `name: build.mutation(`). */
function endpointNames(source: string): string[] {
  if (!source.includes('injectEndpoints(')) return [];
  return [...source.matchAll(/^\s+(\w+): build\.(?:query|mutation|infiniteQuery)\b/gm)].map((match) => match[1]);
}

describe('the one API', () => {
  it('reads the feature APIs', () => {
    const injecting = Object.entries(sources).filter(([, source]) => endpointNames(source).length > 0);
    expect(injecting.map(([file]) => file)).toEqual(
      expect.arrayContaining(['/src/features/account/api.ts', '/src/features/checkout/api.ts', '/src/features/admin/orders-api.ts']),
    );
  });

  it('has no endpoint name injected twice', () => {
    const where = new Map<string, string[]>();
    for (const [file, source] of Object.entries(sources)) {
      for (const name of endpointNames(source)) where.set(name, [...(where.get(name) ?? []), file]);
    }
    const twice = [...where].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice, 'rename one of each pair (the feature’s own word first: getAccountOrder)').toEqual([]);
  });
});
