import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { listDataViews } from './list-data-views.ts';

/** The client's privacy rights: who read their data. */
export async function privacyRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.userDataViews, (request) => listDataViews(ctx, request.user));
}
