import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getCurrentBusinessAccount } from './get-current-business-account.ts';

export async function businessRoutes(app: FastifyInstance) {
  addRoute(app, routes.currentBusinessAccount, (request) => getCurrentBusinessAccount(app.ctx, request.user));
}
