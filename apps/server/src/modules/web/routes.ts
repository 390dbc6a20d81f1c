import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { captchaFromConfig, presentCaptcha } from '../../lib/captcha.ts';
import { errorBody } from '../../lib/errors.ts';
import { presentCurrentUser } from '../users/present-user.ts';
import { isPrivatePage } from './page-areas.ts';
import { renderPage } from './render-page.ts';

const NOT_BUILT = `<!doctype html><html lang="ru"><meta charset="utf-8"><title>Интерфейс не собран</title>
<p>Интерфейс ещё не собран. Выполните <code>npm run build</code> или запустите платформу командой <code>npm start</code>.</p></html>`;

const API_PREFIXES = ['/api/', '/healthz'];

/** Vite puts every file it names by its content hash under `assets/`: those never change at their address. */
const HASHED = /^\/assets\//;

/**
 * Serves the built web app: files as they are, every other page as index.html with `window.App`.
 * The build writes a Brotli and a gzip copy beside each file (apps/web/vite.config.ts); the one the browser accepts is
 * sent with `Content-Encoding` and `Vary: Accept-Encoding`. Hashed files are cached for a year as immutable; the others
 * (favicon) are revalidated; pages carry the user and the CSRF token, so they are never stored.
 */
export async function webRoutes(app: FastifyInstance) {
  const { config } = app.ctx;
  const indexFile = path.join(config.webDistDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (template) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header(
          'cache-control',
          HASHED.test(reply.request.url) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const captcha = presentCaptcha(captchaFromConfig(config));

  const page = (request: FastifyRequest, reply: FastifyReply) => {
    if (API_PREFIXES.some((p) => request.url.startsWith(p)) || request.method !== 'GET') {
      return reply
        .code(404)
        .send(errorBody('not_found', `Адрес ${request.method} ${request.url.split('?')[0]} не найден`));
    }
    if (!template) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    const { user, session } = request;
    const html = renderPage(
      template,
      {
        env: config.APP_ENV,
        user: user ? presentCurrentUser(app.ctx, user) : null,
        csrf_token: session?.csrfToken ?? null,
        sentry_dsn: config.SENTRY_DSN ?? null,
        captcha,
      },
      reply.pageSecurity(isPrivatePage(request.url)),
    );
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler(page);
}
