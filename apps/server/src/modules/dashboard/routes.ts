import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { requireAuth } from '../auth/require-auth.ts';
import { getLkData } from './get-lk-data.ts';
import { getLkWidgets } from './get-lk-widgets.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  addRoute(app, routes.lkData, (request) => getLkData(app.ctx, requireAuth(request).user));
  addRoute(app, routes.lkWidgets, (request) => getLkWidgets(app.ctx, requireAuth(request).user));
}
