import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { requireAuth } from '../auth/require-auth.ts';
import { getCheckout } from './get-checkout.ts';
import { setCurrency } from './set-currency.ts';

export async function checkoutRoutes(app: FastifyInstance) {
  addRoute(app, routes.checkout, (request) => getCheckout(app.ctx, requireAuth(request).user));
  addRoute(app, routes.setCurrency, (request) => setCurrency(app.ctx, requireAuth(request).user, request.body));
}
