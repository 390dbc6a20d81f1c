import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

const PREFIX = '/api/docs';
/** Headers of the docs server's answer that the app's own reply sets for itself. */
const NOT_COPIED = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The OpenAPI document at `/api/docs` (JSON at `/api/docs/json`), built on first use: at start this only notes every
 * route the app registers after it (a cheap onRoute hook), and the first request under `/api/docs` loads
 * @fastify/swagger and @fastify/swagger-ui (with yaml, some hundred modules a start would otherwise load for nothing)
 * into a server of their own that is handed the noted routes (plugins/openapi-docs-server.ts), which then answers
 * every docs request. The document is the one those plugins would build inside the app.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: RouteOptions[] = [];
  // A HEAD route is Fastify's twin of a GET one, and the document leaves it out.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD' && !route.url.startsWith(PREFIX)) routes.push(route);
  });

  let docsServer: Promise<FastifyInstance> | undefined;
  const docsServerOf = () => {
    docsServer ??= import('./openapi-docs-server.ts').then(({ buildDocsServer }) =>
      buildDocsServer(app.ctx.config, routes),
    );
    docsServer.catch(() => {
      docsServer = undefined;
    });
    return docsServer;
  };
  app.addHook('onClose', async () => {
    await (await docsServer?.catch(() => undefined))?.close();
  });

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const docs = await docsServerOf();
    const response = await docs.inject({
      method: request.method === 'HEAD' ? 'GET' : request.method,
      url: request.url,
      headers: request.headers,
    });
    if (response.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !NOT_COPIED.has(name)) reply.header(name, value);
    }
    reply.code(response.statusCode);
    if (response.rawPayload.length === 0) return reply.send();
    // A JSON answer (the document itself) goes out as the object it is, so that the app's hooks put it into the
    // request's language as they do any JSON answer (plugins/language.ts).
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return reply.send(json ? response.json() : response.rawPayload);
  };
  await app.register(
    async (docs) => {
      docs.get('/', { schema: { hide: true } }, answer);
      docs.get('/*', { schema: { hide: true } }, answer);
    },
    { prefix: PREFIX },
  );
}
