import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getAgreement, signAgreement } from './agreement.ts';

export async function agreementsRoutes(app: FastifyInstance) {
  addRoute(app, routes.therapistAgreement, (request) => getAgreement(app.ctx, request.user.id, request.params.kind));
  addRoute(app, routes.therapistAgreementSign, (request) =>
    signAgreement(app.ctx, request.user.id, request.params.kind, request.body.version, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    }),
  );
}
