import { vi } from 'vitest';

export type Handler = (request: Request) => unknown | Promise<unknown>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs global fetch. Keys are "METHOD /path" (no query string); a handler returns a body
 * (answered 200) or a Response. Unhandled calls answer 404 and are recorded.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const body = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ method: request.method, url, body });
    const handler = handlers[`${request.method} ${url.pathname}`];
    if (!handler) return jsonResponse({ error: 'Not found', code: 'not_found' }, 404);
    const result = await handler(request);
    return result instanceof Response ? result : jsonResponse(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
