import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/audit.ts';
import { addRoute } from '../../lib/route.ts';
import { acceptConsents, listConsents, withdrawConsent } from './consents.ts';
import { listDataViews } from './list-data-views.ts';

/** The client's privacy rights: who read their data, their consents. */
export async function privacyRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.userDataViews, (request) => listDataViews(ctx, request.user));
  addRoute(app, routes.userConsents, (request) => listConsents(ctx, request.user));
  addRoute(app, routes.acceptConsents, (request) => acceptConsents(ctx, request.user, request.body, originOf(request)));
  addRoute(app, routes.withdrawConsent, (request) =>
    withdrawConsent(ctx, request.user, request.params.kind, originOf(request)),
  );
}
