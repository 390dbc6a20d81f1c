import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { hasPendingConsent } from '../modules/privacy/consent-status.ts';

/**
 * The server's half of the consent gate: a client who has yet to accept a new version of a required consent
 * text gets 403 `consent_pending` from every signed-in route but those the contract marks `beforeConsent`
 * (consents, 'me', sign-out, sessions), so no client of the API can use the service past the web's gate.
 * Registered after the auth plugin: runs once the session and roles are checked.
 */
export const consentGatePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const { roles, beforeConsent } = request.routeOptions.config;
    if (!roles || roles === 'public' || beforeConsent) return;
    if (request.user?.role !== 'client') return;
    if (await hasPendingConsent(app.ctx, request.user)) throw new AppError('consent_pending');
  });
});
