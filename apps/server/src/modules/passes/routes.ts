import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getPassStatus } from './get-pass-status.ts';
import { listPasses } from './list-passes.ts';

export async function passesRoutes(app: FastifyInstance) {
  addRoute(app, routes.userPasses, (request) => listPasses(app.ctx, request.user), { cachePerUser: true });
  addRoute(app, routes.passStatus, (request) => getPassStatus(app.ctx, request.user));
}
