import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { hasPendingConsent, knownUpToDate } from '../modules/privacy/consent-status.ts';

/**
 * The server's half of the consent gate: a client who has yet to accept a new version of a required consent
 * text gets 403 `consent_pending` from every signed-in route but those the contract marks `beforeConsent`
 * (consents, 'me', sign-out, sessions), so no client of the API can use the service past the web's gate.
 * Registered after the auth plugin: runs once the session and roles are checked.
 */
export const consentGatePlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: a client known to be up to date (nearly every request) passes without a promise or a
  // microtask turn; only one not known yet waits for the database.
  app.addHook('preValidation', (request, _reply, done) => {
    const { roles, beforeConsent } = request.routeOptions.config;
    if (!roles || roles === 'public' || beforeConsent) return done();
    const user = request.user;
    if (user?.role !== 'client' || knownUpToDate(user.id)) return done();
    hasPendingConsent(app.ctx, user).then(
      (pending) => done(pending ? new AppError('consent_pending') : undefined),
      (error: Error) => done(error),
    );
  });
});
