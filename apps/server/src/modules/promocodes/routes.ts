import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { applyPromocode } from './apply-promocode.ts';
import { getUserPromocode } from './get-user-promocode.ts';

export async function promocodesRoutes(app: FastifyInstance) {
  const rateLimit = { max: app.ctx.config.PAYMENT_RATE_LIMIT, timeWindow: 60_000 };
  addRoute(app, routes.userPromocode, (request) => getUserPromocode(app.ctx, request.user));
  addRoute(app, routes.applyPromocode, (request) => applyPromocode(app.ctx, request.user, request.body), {
    rateLimit,
  });
}
