import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { publicBaseUrl } from '../lib/public-base-url.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Our own origin, and in development the one the browser used to reach this server (localhost, a LAN address). */
function isOurOrigin(config: TConfig, origin: string, request: FastifyRequest): boolean {
  if (origin === originOf(publicBaseUrl(config))) return true;
  return config.APP_ENV === 'development' && origin === originOf(`${request.protocol}://${request.host}`);
}

/**
 * Cross-site request forgery, login CSRF included: a browser names the page that sent a request in
 * `Origin` (and `Sec-Fetch-Site`), so every state-changing request whose sender is another site is
 * refused before anything else runs (no session is loaded, no body is parsed), sign-in and sign-up
 * too, which carry no CSRF token. A request without those headers comes from a program, not a page
 * another site could plant, and goes on to the CSRF token check. Routes other sites call on purpose
 * (payment webhooks, signed) say `crossSite: true`.
 */
export const sameSitePlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.ctx;
  // Callback hooks here and in the other per-request plugins: an async one costs a promise and a turn of the
  // microtask queue on every request, for work that never waits. A throw still becomes the error answer.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossSite) return done();
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    // Our pages send no referrer (Referrer-Policy: no-referrer), and with that policy a browser
    // names a form post's origin 'null'; Sec-Fetch-Site, which no page can set, then says who sent it.
    const foreign =
      origin !== undefined && origin !== 'null'
        ? !isOurOrigin(config, origin, request)
        : origin === 'null'
          ? site !== 'same-origin'
          : site === 'cross-site';
    if (foreign) throw new AppError('forbidden', 'Запрос отправлен с другого сайта и отклонён');
    done();
  });
});
