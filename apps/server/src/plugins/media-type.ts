import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A contract route takes its body only as the media types it names (`bodyTypes`, JSON by default):
 * a form or a text/plain body, which a foreign page can send without a preflight, is refused with
 * 415 before it is parsed. A request without `Content-Type` carries no body worth checking (a
 * bodiless POST), and neither does a GET; Fastify refuses a typeless body on its own.
 */
export const mediaTypePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    const accepted = request.routeOptions.config.mediaTypes;
    const header = request.headers['content-type'];
    if (!accepted || header === undefined || SAFE_METHODS.has(request.method)) return done();
    const mediaType = header.split(';')[0]?.trim().toLowerCase() ?? '';
    if (accepted.includes(mediaType)) return done();
    // Answered here: the request goes no further (a callback hook that sends does not call done).
    reply
      .code(415)
      .send(errorBody('malformed_request', `Тело запроса принимается только как ${accepted.join(' или ')}`));
  });
});
