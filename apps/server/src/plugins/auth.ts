import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { safeEqual, sha256 } from '../lib/tokens.ts';
import { findSession, SESSION_COOKIE } from '../modules/auth/sessions.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function csrfTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-csrf-token'];
  if (typeof header === 'string') return header;
  const body = request.body;
  if (body && typeof body === 'object' && 'authenticity_token' in body) {
    const token = (body as { authenticity_token: unknown }).authenticity_token;
    if (typeof token === 'string') return token;
  }
  return undefined;
}

/**
 * Loads the session from its cookie on every request, then enforces each route's
 * roles and the CSRF token before the route's own validation runs.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionKey', null);
  const keyOf = (token: string | undefined) =>
    token && token.length >= 20 && token.length <= 100 ? sha256(token) : null;
  app.decorate('sessionKeyOf', (cookieHeader: string | undefined) =>
    cookieHeader ? keyOf(app.parseCookie(cookieHeader)[SESSION_COOKIE]) : null,
  );

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (request.routeOptions.config.sessionLookup === 'key-only') {
      request.sessionKey = keyOf(token);
      return;
    }
    const auth = token ? await findSession(app.ctx, token) : null;
    request.user = auth?.user ?? null;
    request.session = auth?.session ?? null;
  });

  // A callback hook: it never waits, and an async one costs a promise and a microtask turn per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const { roles, csrf } = request.routeOptions.config;
    if (!roles || roles === 'public') return done();
    if (!request.user || !request.session) throw new AppError('unauthorized');
    if (!roles.includes(request.user.role)) throw new AppError('forbidden');
    if (csrf !== false && !SAFE_METHODS.has(request.method)) {
      const token = csrfTokenOf(request);
      if (!token || !safeEqual(token, request.session.csrfToken)) throw new AppError('csrf_invalid');
    }
    done();
  });
});
