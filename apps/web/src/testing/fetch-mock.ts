import { vi } from 'vitest';

export type TRecordedRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
};

type TReply = { status?: number; body?: unknown };
type THandler = (request: TRecordedRequest) => TReply;

/**
 * Replaces `fetch` with routes keyed 'METHOD /path' (query strings ignored). Unknown routes answer 404 in the
 * contract's error shape. Returns the list of requests made.
 */
export function mockFetch(routes: Record<string, THandler | TReply>): TRecordedRequest[] {
  const requests: TRecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: TRecordedRequest = { url, method, headers, body, credentials: init.credentials };
    requests.push(request);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const reply: TReply = route
      ? typeof route === 'function'
        ? route(request)
        : route
      : { status: 404, body: { error: { code: 'not_found', message: 'Не найдено' } } };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}
