import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/audit.ts';
import { addRoute } from '../../lib/route.ts';
import { deleteUserCard, getUserCard } from './user-card.ts';

/** The client's saved card: shown and removed (spec §7 GET and DELETE /api/v1/user/card). */
export async function cardsRoutes(app: FastifyInstance) {
  addRoute(app, routes.userCard, (request) => getUserCard(app.ctx, request.user));
  addRoute(app, routes.deleteUserCard, (request) => deleteUserCard(app.ctx, request.user, originOf(request)));
}
