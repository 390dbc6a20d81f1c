import { findUnsafeText } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * The contract's one rule for text (`findUnsafeText`: no NUL byte, no lone surrogate) applied to
 * every request's path parameters, query and parsed body, before the route's schema: every route,
 * the contract's and the few of our own (sandbox checkout, webhooks' path), is covered without
 * naming a field. Registered after the auth plugin, so a caller without the right session still
 * hears 401/403 first. Raw bodies (the webhooks' buffers) hold bytes, not text, and are skipped.
 */
export const safeTextPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: it never waits (see same-site.ts).
  app.addHook('preValidation', (request, _reply, done) => {
    const fields = {
      ...findUnsafeText(request.params),
      ...findUnsafeText(request.query),
      ...(Buffer.isBuffer(request.body) ? {} : findUnsafeText(request.body)),
    };
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', undefined, fields);
    done();
  });
});
