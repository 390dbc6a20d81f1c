import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getCheckout } from './get-checkout.ts';
import { setCurrency } from './set-currency.ts';

export async function checkoutRoutes(app: FastifyInstance) {
  addRoute(app, routes.checkout, (request) => getCheckout(app.ctx, request.user));
  addRoute(app, routes.setCurrency, (request) => setCurrency(app.ctx, request.user, request.body));
}
