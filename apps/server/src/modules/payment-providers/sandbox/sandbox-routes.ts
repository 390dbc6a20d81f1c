import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TWebhookSender } from '../types.ts';
import { CHECKOUT_CSS } from './checkout-css.ts';
import { NOT_FOUND_PAGE } from './checkout-page.ts';
import {
  cancelCheckout,
  confirmCheckout,
  payCheckout,
  showCheckout,
  type TSandboxAnswer,
} from './sandbox-checkout-actions.ts';

type TTokenRequest = { Params: { token: string }; Body: Record<string, unknown> | undefined };

function send(reply: FastifyReply, answer: TSandboxAnswer) {
  reply.header('cache-control', 'no-store');
  if (!answer) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
  if ('redirect' in answer) return reply.redirect(answer.redirect, 303);
  return reply.code(answer.status).type('text/html; charset=utf-8').send(answer.html);
}

const formOf = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' ? { ...body } : {});

/**
 * The sandbox provider's hosted checkout: public pages (the token in the address is the
 * key), plain HTML forms, no script, one style sheet; it works under our CSP.
 */
export async function sandboxCheckoutRoutes(app: FastifyInstance) {
  const config = { roles: 'public' as const };
  // Pages for a person at the sandbox's checkout, not API calls: left out of the API reference.
  const schema = { hide: true };
  // Read at delivery time: tests swap the sender after the app is built.
  const deliver: TWebhookSender = (delivery) => app.payments.sendWebhook(delivery);
  app.get('/sandbox/checkout.css', { config, schema }, (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CHECKOUT_CSS),
  );
  app.get<TTokenRequest>('/sandbox/checkout/:token', { config, schema }, async (request, reply) =>
    send(reply, await showCheckout(app.ctx, request.params.token)),
  );
  app.post<TTokenRequest>('/sandbox/checkout/:token/pay', { config, schema }, async (request, reply) =>
    send(reply, await payCheckout(app.ctx, deliver, request.params.token, formOf(request.body))),
  );
  app.post<TTokenRequest>('/sandbox/checkout/:token/confirm', { config, schema }, async (request, reply) =>
    send(reply, await confirmCheckout(app.ctx, deliver, request.params.token, formOf(request.body).decision)),
  );
  app.post<TTokenRequest>('/sandbox/checkout/:token/cancel', { config, schema }, async (request, reply) =>
    send(reply, await cancelCheckout(app.ctx, deliver, request.params.token)),
  );
}
