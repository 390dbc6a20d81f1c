import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/audit.ts';
import { addRoute } from '../../lib/route.ts';
import { buyPass } from './buy-pass.ts';
import { getPassPurchase } from './get-pass-purchase.ts';

/** Buying a pass and following its purchase; provider webhooks are in webhook-routes.ts. */
export async function purchasesRoutes(app: FastifyInstance) {
  const rateLimit = { max: app.ctx.config.PAYMENT_RATE_LIMIT, timeWindow: 60_000 };
  addRoute(
    app,
    routes.buyPass,
    (request) =>
      buyPass(app.ctx, app.payments, request.user, {
        passHashid: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
        body: request.body,
        origin: originOf(request),
      }),
    { rateLimit },
  );
  addRoute(app, routes.passPurchase, (request) => getPassPurchase(app.ctx, request.user, request.params.id));
}
