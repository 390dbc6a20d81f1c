import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../lib/errors.ts';
import { AMOUNT_MISMATCH_MESSAGE } from './amount-mismatch.ts';
import {
  CHECK_CODE,
  CLOUDPAYMENTS_KINDS,
  checkCloudPaymentsPayment,
  cloudPaymentsEvent,
  parseCloudPaymentsNotification,
  type TCloudPaymentsKind,
} from './cloudpayments/cloudpayments-notification.ts';
import { verifyCloudPaymentsHmac } from './cloudpayments/verify-cloudpayments-hmac.ts';
import { SANDBOX_WEBHOOK_PATH } from './sandbox/deliver-sandbox-webhook.ts';
import { sandboxPaymentEvent, ZSandboxEventSchema } from './sandbox/sandbox-event.ts';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './sandbox/sandbox-signature.ts';
import { stripePaymentEvent } from './stripe/stripe-event.ts';
import { verifyStripeWebhook } from './stripe/verify-stripe-webhook.ts';
import type { TPaymentEvent, TPaymentEventSink } from './types.ts';

const rawBodyOf = (request: FastifyRequest): Buffer => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const refuseSignature = (reply: FastifyReply) =>
  reply.code(401).send(errorBody('unauthorized', 'Подпись уведомления не прошла проверку'));
const refuseBody = (reply: FastifyReply) =>
  reply.code(400).send(errorBody('malformed_request', 'Уведомление платёжной системы не удалось разобрать'));

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Provider webhooks. Signatures cover the exact bytes sent, so this plugin keeps the raw
 * body: its own content-type parsers (encapsulated: the rest of the API still parses JSON
 * as before). The endpoints are public (no session, no CSRF): the signature is the
 * credential, and an event whose signature fails changes nothing. A verified event goes to
 * `applyEvent`: the purchases' state machine, handed over by `buildApp`.
 */
export async function paymentWebhookRoutes(app: FastifyInstance, { applyEvent }: { applyEvent: TPaymentEventSink }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  // Sent by the providers' servers, not from our pages: exempt from the same-site rule (plugins/same-site.ts).
  const config = { roles: 'public' as const, crossSite: true as const };
  // Called by the providers, not by API clients: left out of the API reference (README lists the addresses).
  const schema = { hide: true };
  const { ctx } = app;

  const apply = async (request: FastifyRequest, event: TPaymentEvent) => {
    const outcome = await applyEvent(event);
    const about = { provider: event.provider, eventId: event.eventId, type: event.type, outcome };
    if (outcome.result === 'amount_mismatch')
      request.log.error(about, 'payment event: amount mismatch, purchase left unpaid');
    else request.log.info(about, 'payment event');
    return outcome;
  };
  /** A success that did not pay the price is stored and refused: a 409 the provider sees (a replay is then a duplicate). */
  const refuseMismatch = (reply: FastifyReply) =>
    reply.code(409).send(errorBody('amount_mismatch', AMOUNT_MISMATCH_MESSAGE));

  app.post(SANDBOX_WEBHOOK_PATH, { config, schema }, async (request, reply) => {
    const raw = rawBodyOf(request);
    const signature = headerOf(request, SANDBOX_SIGNATURE_HEADER);
    if (!verifySandboxSignature(raw.toString('utf8'), signature, ctx.config.SANDBOX_WEBHOOK_SECRET)) {
      return refuseSignature(reply);
    }
    const parsed = ZSandboxEventSchema.safeParse(parseJson(raw));
    if (!parsed.success) return refuseBody(reply);
    const outcome = await apply(request, sandboxPaymentEvent(ctx.hashids, parsed.data));
    if (outcome.result === 'amount_mismatch') return refuseMismatch(reply);
    return { received: true, result: outcome.result };
  });

  app.post('/api/v1/payments/webhooks/stripe', { config, schema }, async (request, reply) => {
    const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
    const event = secret
      ? await verifyStripeWebhook(rawBodyOf(request), headerOf(request, 'stripe-signature'), secret)
      : null;
    if (!event) return refuseSignature(reply);
    const outcome = await apply(request, stripePaymentEvent(ctx.hashids, event));
    if (outcome.result === 'amount_mismatch') return refuseMismatch(reply);
    return { received: true, result: outcome.result };
  });

  app.post<{ Params: { kind: string } }>(
    '/api/v1/payments/webhooks/cloudpayments/:kind',
    { config, schema },
    async (request, reply) => {
      const kind = request.params.kind.toLowerCase() as TCloudPaymentsKind;
      if (!CLOUDPAYMENTS_KINDS.includes(kind)) {
        return reply.code(404).send(errorBody('not_found', 'Неизвестный вид уведомления'));
      }
      const secret = ctx.config.CLOUDPAYMENTS_API_SECRET;
      const raw = rawBodyOf(request);
      const signed =
        secret !== undefined &&
        verifyCloudPaymentsHmac(
          raw,
          { contentHmac: headerOf(request, 'content-hmac'), xContentHmac: headerOf(request, 'x-content-hmac') },
          secret,
        );
      if (!signed) return refuseSignature(reply);
      const notification = parseCloudPaymentsNotification(raw, headerOf(request, 'content-type'));
      if (!notification) return refuseBody(reply);
      if (kind === 'check') return { code: await checkCloudPaymentsPayment(ctx, notification) };
      const event = cloudPaymentsEvent(ctx.hashids, kind, notification);
      if (!event) return refuseBody(reply);
      const outcome = await apply(request, event);
      if (outcome.result === 'amount_mismatch') return refuseMismatch(reply);
      return { code: CHECK_CODE.ok };
    },
  );
}
