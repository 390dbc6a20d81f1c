import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../context.ts';
import { therapists } from '../db/schema/index.ts';
import type { TWebhookDelivery } from '../modules/payment-providers/types.ts';
import { createClient, createPass, createSlot, createTherapist } from '../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from './app.ts';

/** Test-only secrets: every provider's webhook can be signed, no request leaves the machine. */
export const COMMERCE_TEST_ENV = {
  PAYMENT_RATE_LIMIT: '100000',
  STRIPE_SECRET_KEY: 'sk_test_commerce',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_commerce_secret',
  CLOUDPAYMENTS_PUBLIC_ID: 'pk_test_commerce',
  CLOUDPAYMENTS_API_SECRET: 'cp_test_commerce_secret',
  SANDBOX_WEBHOOK_SECRET: 'sandbox-test-webhook-secret',
};

/** The app with sandbox webhooks delivered through `inject` (recorded) and no network for real providers. */
export async function buildCommerceTestApp(
  env: Record<string, string> = {},
): Promise<TTestApp & { deliveries: TWebhookDelivery[] }> {
  const t = await buildTestApp({ ...COMMERCE_TEST_ENV, ...env });
  const deliveries: TWebhookDelivery[] = [];
  const runtime = t.app.payments;
  runtime.sendWebhook = injectSender(t.app, deliveries);
  runtime.fetch = async (input) => {
    throw new Error(`no network in tests: ${String(input)}`);
  };
  return { ...t, deliveries };
}

export function injectSender(app: FastifyInstance, record?: TWebhookDelivery[]) {
  return async (delivery: TWebhookDelivery) => {
    record?.push(delivery);
    const response = await app.inject({
      method: 'POST',
      url: new URL(delivery.url).pathname,
      headers: delivery.headers,
      payload: delivery.body,
    });
    return { status: response.statusCode };
  };
}

export const newKey = (): string => `test-${randomUUID()}`;

export type TBuyer = { client: Awaited<ReturnType<typeof createClient>>; session: TSignedIn };

export async function signedInClient(t: TTestApp, o: { currency?: 'rub' | 'eur' } = {}): Promise<TBuyer> {
  const client = await createClient(t.ctx.db, { currency: o.currency ?? 'rub', signedUp: true });
  return { client, session: await signIn(t.app, client.email) };
}

/** A therapist of the tier, a one-session pass of that tier, and a slot the client holds for checkout. */
export async function heldSlotCheckout(
  ctx: TAppContext,
  clientId: number,
  o: { tier?: 'standard' | 'senior' | 'expert'; holdMinutes?: number; sessionsCount?: number } = {},
) {
  const tier = o.tier ?? 'standard';
  const therapist = await createTherapist(ctx.db, { avatarThumb: '/avatars/t.jpg' });
  await ctx.db.update(therapists).set({ tier }).where(eq(therapists.userId, therapist.id));
  const pass = await createPass(ctx.db, {
    tier,
    sessionsCount: o.sessionsCount ?? 1,
    priceRub: 3_500_00 * (o.sessionsCount ?? 1),
    priceEur: 40_00 * (o.sessionsCount ?? 1),
  });
  const startsAt = new Date(Date.now() + 3 * 86_400_000 + Math.floor(Math.random() * 1000) * 3_600_000);
  const slot = await createSlot(ctx.db, {
    therapistId: therapist.id,
    clientId,
    startsAt,
    status: 'held',
    holdExpiresAt: new Date(Date.now() + (o.holdMinutes ?? 15) * 60_000),
  });
  return { therapist, pass, slot };
}
