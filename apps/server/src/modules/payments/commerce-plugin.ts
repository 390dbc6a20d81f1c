import type { FastifyInstance } from 'fastify';
import { checkoutRoutes } from '../checkout/routes.ts';
import { passesRoutes } from '../passes/routes.ts';
import { promocodesRoutes } from '../promocodes/routes.ts';
import { sandboxCheckoutRoutes } from './providers/sandbox/sandbox-routes.ts';
import { paymentsRoutes } from './routes.ts';
import { paymentWebhookRoutes } from './webhooks/webhook-routes.ts';

/** Everything commerce serves: passes, purchases, the card, promo codes, checkout, webhooks and the sandbox checkout. */
export async function commercePlugin(app: FastifyInstance) {
  await app.register(passesRoutes);
  await app.register(paymentsRoutes);
  await app.register(promocodesRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentWebhookRoutes);
  await app.register(sandboxCheckoutRoutes);
}
