import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getUserMe } from './get-user-me.ts';

export async function usersRoutes(app: FastifyInstance) {
  addRoute(app, routes.userMe, (request) => getUserMe(app.ctx, request.user));
}
