/**
 * The API the web tests talk to: MSW's node interceptors answer every `fetch` the app makes (listening from
 * `setup.ts`). A test adds its answers with `server.use(http.get('/api/v1/…', () => HttpResponse.json(…)))`; a path
 * no test answers gets a 404 in the contract's error shape, as an unknown route does on the server.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** A failed answer in the contract's shape (`{error: {code, message, fields}}`). */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });
}

/**
 * A client has accepted every consent text unless a test says otherwise (the consent gate of the
 * client's area asks for them first) and has asked for no data archive; every other path is 404.
 */
export const server = setupServer(
  http.get('/api/v1/user/consents', () => HttpResponse.json({ consents: [] })),
  http.get('/api/v1/user/data_exports', () => HttpResponse.json({ exports: [] })),
  http.all('*', () => apiError(404, 'not_found', 'Не найдено')),
);

export type TRecordedRequest = {
  method: string;
  /** Path and query, as the app asked for it: '/api/v1/user/passes?x=1'. */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined without one. */
  body: unknown;
  credentials: RequestCredentials;
};

/** Lists, in order, every request the app makes from now until the end of the test. */
export function recordRequests(): TRecordedRequest[] {
  const requests: TRecordedRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const recorded: TRecordedRequest = {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      body: undefined,
      credentials: request.credentials,
    };
    requests.push(recorded);
    // The body is read from a copy, before the answer reaches the app.
    if (request.body) {
      void request
        .clone()
        .text()
        .then((text) => {
          recorded.body = text === '' ? undefined : JSON.parse(text);
        });
    }
  });
  return requests;
}
