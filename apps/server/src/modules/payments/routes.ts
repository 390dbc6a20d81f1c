import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { requireAuth } from '../auth/require-auth.ts';
import { buyPass } from './buy-pass.ts';
import { getPassPurchase } from './get-pass-purchase.ts';
import { deleteUserCard, getUserCard } from './user-card.ts';

export async function paymentsRoutes(app: FastifyInstance) {
  const rateLimit = { max: app.ctx.config.PAYMENT_RATE_LIMIT, timeWindow: 60_000 };
  addRoute(
    app,
    routes.buyPass,
    (request) =>
      buyPass(app.ctx, requireAuth(request).user, {
        passHashid: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
        body: request.body,
      }),
    { rateLimit },
  );
  addRoute(app, routes.passPurchase, (request) =>
    getPassPurchase(app.ctx, requireAuth(request).user, request.params.id),
  );
  addRoute(app, routes.userCard, (request) => getUserCard(app.ctx, requireAuth(request).user));
  addRoute(app, routes.deleteUserCard, (request) => deleteUserCard(app.ctx, requireAuth(request).user));
}
