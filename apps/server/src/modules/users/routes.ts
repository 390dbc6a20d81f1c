import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getUserMe } from './get-user-me.ts';
import { setLanguage } from './set-language.ts';

export async function usersRoutes(app: FastifyInstance) {
  addRoute(app, routes.userMe, (request) => getUserMe(app.ctx, request.user), { cachePerUser: true });
  addRoute(app, routes.setLanguage, (request) => setLanguage(app.ctx, request.user, request.body));
}
