import { vi } from 'vitest';

export type Handler = (request: Request) => unknown | Promise<unknown>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A change with nothing to tell, as the server answers it: 204, no body. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** Whether "METHOD /path/:id" names this call (each `:segment` matches one path segment). */
function matchesPattern(key: string, method: string, pathname: string): boolean {
  const [keyMethod, keyPath] = key.split(' ');
  if (keyMethod !== method || !keyPath?.includes('/:')) return false;
  const expected = keyPath.split('/');
  const actual = pathname.split('/');
  return expected.length === actual.length && expected.every((segment, index) => segment.startsWith(':') || segment === actual[index]);
}

/**
 * Stubs global fetch. Keys are "METHOD /path" (no query string), or with `:name` segments
 * ("GET /api/orders/:id") tried after the exact ones; a handler returns a body (answered 200)
 * or a Response. Unhandled calls answer 404 and are recorded.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: string; headers?: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const body = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ method: request.method, url, body, headers: request.headers });
    const exact = handlers[`${request.method} ${url.pathname}`];
    const pattern = Object.keys(handlers).find((key) => matchesPattern(key, request.method, url.pathname));
    const handler = exact ?? (pattern ? handlers[pattern] : undefined);
    if (!handler) return jsonResponse({ error: 'Not found', code: 'not_found' }, 404);
    const result = await handler(request);
    return result instanceof Response ? result : jsonResponse(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
