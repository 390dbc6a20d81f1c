import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getLkData } from './get-lk-data.ts';
import { getLkWidgets } from './get-lk-widgets.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  addRoute(app, routes.lkData, (request) => getLkData(app.ctx, request.user), { cachePerUser: true });
  addRoute(app, routes.lkWidgets, (request) => getLkWidgets(app.ctx, request.user), { cachePerUser: true });
}
