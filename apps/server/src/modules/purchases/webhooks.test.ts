import { createHmac } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientPasses,
  passPurchases,
  paymentEvents,
  sandboxCheckouts,
  type TPurchaseRow,
} from '../../db/schema/index.ts';
import { findJobs, runDueJobs, scheduleJob } from '../../lib/jobs.ts';
import { createPurchase } from '../../seed/commerce-factories.ts';
import { createPass } from '../../seed/factories.ts';
import { buildCommerceTestApp, COMMERCE_TEST_ENV, newKey, signedInClient } from '../../test/commerce.ts';
import { buildSandboxEvent, type TSandboxEventType } from '../payment-providers/sandbox/sandbox-event.ts';
import { signSandboxPayload } from '../payment-providers/sandbox/sandbox-signature.ts';
import { purchaseJobHandlers } from './job-handlers.ts';
import { RECONCILE_JOB, reconcilePendingPurchases, reconcilePurchase } from './reconcile-purchases.ts';

let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp();
});
afterAll(() => t.app.close());

const purchaseOf = async (id: number) =>
  (await t.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, id)))[0];
const passOf = async (id: number) => (await t.ctx.db.select().from(clientPasses).where(eq(clientPasses.id, id)))[0];
const eventsOf = async (purchaseId: number) =>
  (await t.ctx.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.purchaseId, purchaseId)))[0]?.n;
const receiptsOf = async (purchaseId: number) => (await findJobs({ keys: [`receipt:${purchaseId}`] })).length;

async function pendingPurchase(provider: TPurchaseRow['provider'], o: { createdAt?: Date } = {}) {
  const { client } = await signedInClient(t);
  const pass = await createPass(t.ctx.db, { sessionsCount: 4 });
  const { purchase, clientPass } = await createPurchase(t.ctx.db, {
    userId: client.id,
    passId: pass.id,
    provider,
    currency: provider === 'stripe' ? 'eur' : 'rub',
    createdAt: o.createdAt ?? new Date(),
  });
  return { client, pass, purchase, clientPass, hashid: t.ctx.hashids.encode('purchase', purchase.id) };
}

describe('sandbox webhook', () => {
  /** A sandbox checkout for a purchase made through the API, to sign events about. */
  async function sandboxPurchase() {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db, { sessionsCount: 4 });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/passes/${t.ctx.hashids.encode('pass', pass.id)}/buy`,
      headers: { ...session.headers, 'idempotency-key': newKey() },
      payload: { currency: 'rub', payment_method_key: 'cloud_payments' },
    });
    const id = t.ctx.hashids.decode('purchase', response.json<{ id: string }>().id) ?? 0;
    const [checkout] = await t.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.purchaseId, id));
    if (!checkout) throw new Error('no checkout');
    return { client, purchaseId: id, checkout: { ...checkout, cardLast: '4242' } };
  }

  const send = (
    type: TSandboxEventType,
    checkout: Parameters<typeof buildSandboxEvent>[1],
    o: { secret?: string; at?: number; tamper?: boolean } = {},
  ) => {
    const body = JSON.stringify(buildSandboxEvent(t.ctx.hashids, checkout, type));
    const signature = signSandboxPayload(body, o.secret ?? COMMERCE_TEST_ENV.SANDBOX_WEBHOOK_SECRET, o.at);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
      payload: o.tamper ? body.replace('"amount":', '"amount":1') : body,
    });
  };

  it('refuses a wrong secret, a tampered body, a stale signature or none, and changes nothing', async () => {
    const { purchaseId, checkout } = await sandboxPurchase();
    const attempts = [
      await send('checkout.succeeded', checkout, { secret: 'another-secret-of-some-length' }),
      await send('checkout.succeeded', checkout, { tamper: true }),
      await send('checkout.succeeded', checkout, { at: Math.floor(Date.now() / 1000) - 301 }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(buildSandboxEvent(t.ctx.hashids, checkout, 'checkout.succeeded')),
      }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await purchaseOf(purchaseId))?.status).toBe('pending');
    expect(await eventsOf(purchaseId)).toBe(0);
  });

  it('refuses a signed body that is not an event', async () => {
    const body = '{"hello":"world"}';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': signSandboxPayload(body, COMMERCE_TEST_ENV.SANDBOX_WEBHOOK_SECRET),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
  });

  it('applies a replayed event once', async () => {
    const { purchaseId, checkout } = await sandboxPurchase();
    const first = await send('checkout.succeeded', checkout);
    const second = await send('checkout.succeeded', checkout);
    expect(first.json()).toEqual({ received: true, result: 'applied' });
    expect(second.json()).toEqual({ received: true, result: 'duplicate' });
    const purchase = await purchaseOf(purchaseId);
    expect(purchase?.status).toBe('completed');
    expect(await passOf(purchase?.clientPassId ?? 0)).toMatchObject({ status: 'active', sessionsLeft: 4 });
    expect(await eventsOf(purchaseId)).toBe(1);
    expect(await receiptsOf(purchaseId)).toBe(1);
    // The payment's change is in the audit trail once, by the system, about the buyer.
    const audited = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, purchase?.userId ?? 0));
    expect(audited.filter((entry) => entry.action === 'payment_completed')).toMatchObject([
      { actorId: null, actorRole: 'system', kind: 'change', details: { purchase: purchaseId, provider: 'sandbox' } },
    ]);
  });

  it('completes on a success that comes after a cancel (the money was taken)', async () => {
    const { purchaseId, checkout } = await sandboxPurchase();
    await send('checkout.cancelled', checkout);
    expect((await purchaseOf(purchaseId))?.status).toBe('cancelled');
    await send('checkout.succeeded', checkout);
    const purchase = await purchaseOf(purchaseId);
    expect(purchase?.status).toBe('completed');
    expect(await passOf(purchase?.clientPassId ?? 0)).toMatchObject({ status: 'active', sessionsLeft: 4 });
  });

  it('keeps a completed purchase completed when a failure or cancel arrives late', async () => {
    const { purchaseId, checkout } = await sandboxPurchase();
    await send('checkout.succeeded', checkout);
    await send('checkout.payment_failed', checkout);
    await send('checkout.expired', checkout);
    expect((await purchaseOf(purchaseId))?.status).toBe('completed');
  });

  it('ends refunded whether the refund comes after the success or overtakes it', async () => {
    const inOrder = await sandboxPurchase();
    await send('checkout.succeeded', inOrder.checkout);
    await send('charge.refunded', inOrder.checkout);
    const reversed = await sandboxPurchase();
    await send('charge.refunded', reversed.checkout);
    await send('checkout.succeeded', reversed.checkout);
    for (const { purchaseId } of [inOrder, reversed]) {
      const purchase = await purchaseOf(purchaseId);
      expect(purchase?.status).toBe('refunded');
      expect((await passOf(purchase?.clientPassId ?? 0))?.status).toBe('refunded');
    }
  });

  it('reconciles a purchase whose webhook never came: a paid checkout completes, an abandoned one is cancelled', async () => {
    const paid = await sandboxPurchase();
    // Paid on the sandbox page, but the webhook was lost.
    await t.ctx.db
      .update(sandboxCheckouts)
      .set({ status: 'succeeded', cardLast: '4242' })
      .where(eq(sandboxCheckouts.purchaseId, paid.purchaseId));
    expect(await reconcilePurchase(t.ctx, t.app.payments, paid.purchaseId)).toBe('completed');
    // The late webhook is the same event: it changes nothing.
    expect((await send('checkout.succeeded', paid.checkout)).json()).toMatchObject({ result: 'duplicate' });

    const abandoned = await sandboxPurchase();
    expect(await reconcilePurchase(t.ctx, t.app.payments, abandoned.purchaseId)).toBe('pending');
    const later = new Date(Date.now() + (t.ctx.config.SANDBOX_CHECKOUT_MINUTES + 1) * 60_000);
    expect(await reconcilePurchase(t.ctx, t.app.payments, abandoned.purchaseId, later)).toBe('cancelled');
    expect(
      (await t.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.purchaseId, abandoned.purchaseId)))[0]
        ?.status,
    ).toBe('expired');
  });

  it('runs reconciliation as a durable job, and sweeps old pending purchases', async () => {
    const { purchaseId } = await sandboxPurchase();
    await t.ctx.db
      .update(sandboxCheckouts)
      .set({ status: 'succeeded', cardLast: '4242' })
      .where(eq(sandboxCheckouts.purchaseId, purchaseId));
    await scheduleJob(t.ctx.db, {
      kind: RECONCILE_JOB,
      dedupeKey: `reconcile-test:${purchaseId}`,
      payload: { purchase_id: purchaseId, attempt: 0 },
    });
    await runDueJobs(purchaseJobHandlers(t.ctx, t.app.payments));
    expect((await purchaseOf(purchaseId))?.status).toBe('completed');

    const old = await pendingPurchase('sandbox', { createdAt: new Date(Date.now() - 3 * 3_600_000) });
    const swept = await reconcilePendingPurchases(t.ctx, t.app.payments);
    expect(swept.checked).toBeGreaterThanOrEqual(1);
    // It never opened a checkout, and its lifetime is long over.
    expect((await purchaseOf(old.purchase.id))?.status).toBe('cancelled');
  });
});

describe('stripe webhook', () => {
  const secret = COMMERCE_TEST_ENV.STRIPE_WEBHOOK_SECRET;
  let counter = 0;
  const sessionEvent = (type: string, hashid: string, session: Record<string, unknown> = {}) => ({
    id: `evt_test_${Date.now()}_${++counter}`,
    object: 'event',
    type,
    data: {
      object: {
        id: `cs_test_${hashid}`,
        object: 'checkout.session',
        client_reference_id: hashid,
        metadata: { purchase_id: hashid },
        payment_intent: `pi_${hashid}`,
        payment_status: 'paid',
        status: 'complete',
        // The factory's euro price (createPurchase).
        amount_total: 40_00,
        currency: 'eur',
        ...session,
      },
    },
  });
  const send = (event: unknown, o: { secret?: string } = {}) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? secret }),
      },
      payload,
    });
  };

  it('refuses a payload signed with another secret or not signed, and changes nothing', async () => {
    const { purchase, hashid } = await pendingPurchase('stripe');
    const event = sessionEvent('checkout.session.completed', hashid);
    expect((await send(event, { secret: 'whsec_wrong' })).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await purchaseOf(purchase.id))?.status).toBe('pending');
    expect(await eventsOf(purchase.id)).toBe(0);
  });

  it('completes on checkout.session.completed once, however often it is replayed', async () => {
    const { purchase, hashid } = await pendingPurchase('stripe');
    const event = sessionEvent('checkout.session.completed', hashid);
    expect((await send(event)).statusCode).toBe(200);
    expect((await send(event)).json()).toMatchObject({ result: 'duplicate' });
    expect(await purchaseOf(purchase.id)).toMatchObject({ status: 'completed', providerPaymentId: `pi_${hashid}` });
    expect(await receiptsOf(purchase.id)).toBe(1);
  });

  it('waits for an async payment, and cancels when it fails', async () => {
    const { purchase, hashid } = await pendingPurchase('stripe');
    await send(sessionEvent('checkout.session.completed', hashid, { payment_status: 'unpaid' }));
    expect((await purchaseOf(purchase.id))?.status).toBe('pending');
    await send(sessionEvent('checkout.session.async_payment_failed', hashid, { payment_status: 'unpaid' }));
    expect((await purchaseOf(purchase.id))?.status).toBe('cancelled');
  });

  it('ends right when events arrive out of order: expired then paid completes; refund by payment intent refunds', async () => {
    const { purchase, hashid } = await pendingPurchase('stripe');
    await send(sessionEvent('checkout.session.expired', hashid, { status: 'expired', payment_status: 'unpaid' }));
    await send(sessionEvent('checkout.session.async_payment_succeeded', hashid));
    expect((await purchaseOf(purchase.id))?.status).toBe('completed');
    await send({
      id: `evt_refund_${hashid}`,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: { id: `ch_${hashid}`, object: 'charge', refunded: true, payment_intent: `pi_${hashid}`, metadata: {} },
      },
    });
    expect((await purchaseOf(purchase.id))?.status).toBe('refunded');
  });

  it('records events it does not need and changes nothing', async () => {
    const response = await send({
      id: `evt_other_${Date.now()}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(response.json()).toEqual({ received: true, result: 'unknown_purchase' });
  });

  it('reconciles through the Stripe API (no network: a stubbed fetch answers as Stripe would)', async () => {
    const { purchase, hashid } = await pendingPurchase('stripe');
    await t.ctx.db
      .update(passPurchases)
      .set({ providerRef: `cs_test_${hashid}` })
      .where(eq(passPurchases.id, purchase.id));
    const requested: string[] = [];
    const runtime = t.app.payments;
    const original = runtime.fetch;
    runtime.fetch = async (input) => {
      requested.push(String(input));
      const session = sessionEvent('x', hashid).data.object;
      return new Response(JSON.stringify(session), {
        status: 200,
        headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
      });
    };
    try {
      expect(await reconcilePurchase(t.ctx, t.app.payments, purchase.id)).toBe('completed');
    } finally {
      runtime.fetch = original;
    }
    expect(requested[0]).toContain(`/v1/checkout/sessions/cs_test_${hashid}`);
  });
});

describe('cloudpayments notifications', () => {
  const secret = COMMERCE_TEST_ENV.CLOUDPAYMENTS_API_SECRET;
  const hmac = (body: string, key = secret) => createHmac('sha256', key).update(body).digest('base64');
  let transaction = 1_000_000 + Math.floor(Math.random() * 1_000_000);

  const send = (
    kind: string,
    fields: Record<string, string>,
    o: { key?: string; json?: boolean; header?: string } = {},
  ) => {
    const body = o.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/webhooks/cloudpayments/${kind}`,
      headers: {
        'content-type': o.json ? 'application/json' : 'application/x-www-form-urlencoded',
        [o.header ?? 'content-hmac']: hmac(body, o.key),
      },
      payload: body,
    });
  };
  const fieldsFor = (p: Awaited<ReturnType<typeof pendingPurchase>>, extra: Record<string, string> = {}) => ({
    TransactionId: String(++transaction),
    Amount: (p.purchase.amountPaid / 100).toFixed(2),
    Currency: 'RUB',
    InvoiceId: p.hashid,
    AccountId: t.ctx.hashids.encode('user', p.client.id),
    DateTime: '2026-11-22 10:00:00',
    CardFirstSix: '424242',
    CardLastFour: '4242',
    CardType: 'Visa',
    Status: 'Completed',
    TestMode: '1',
    ...extra,
  });

  it('answers Check with CloudPayments codes: 0 for the right payment, 10/11/12 for a wrong invoice, account or amount', async () => {
    const p = await pendingPurchase('cloudpayments');
    expect((await send('check', fieldsFor(p))).json()).toEqual({ code: 0 });
    expect((await send('check', fieldsFor(p, { InvoiceId: 'unknown' }))).json()).toEqual({ code: 10 });
    expect((await send('check', fieldsFor(p, { AccountId: 'someone' }))).json()).toEqual({ code: 11 });
    expect((await send('check', fieldsFor(p, { Amount: '1.00' }))).json()).toEqual({ code: 12 });
    expect((await send('check', fieldsFor(p, { Currency: 'USD' }))).json()).toEqual({ code: 12 });
    expect((await purchaseOf(p.purchase.id))?.status).toBe('pending');
  });

  it('refuses a bad or missing HMAC with 401 and changes nothing', async () => {
    const p = await pendingPurchase('cloudpayments');
    expect((await send('pay', fieldsFor(p), { key: 'wrong' })).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/cloudpayments/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fieldsFor(p)).toString(),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await purchaseOf(p.purchase.id))?.status).toBe('pending');
    expect(await eventsOf(p.purchase.id)).toBe(0);
  });

  it('completes on Pay (form or JSON, Content-HMAC or X-Content-HMAC), once however often it is repeated, saving the card', async () => {
    const p = await pendingPurchase('cloudpayments');
    const fields = fieldsFor(p, { Token: 'tk_cp_1' });
    expect((await send('pay', fields)).json()).toEqual({ code: 0 });
    expect((await send('pay', fields, { json: true, header: 'x-content-hmac' })).json()).toEqual({ code: 0 });
    expect(await purchaseOf(p.purchase.id)).toMatchObject({
      status: 'completed',
      providerPaymentId: fields.TransactionId,
    });
    expect(await eventsOf(p.purchase.id)).toBe(1);
    expect((await send('check', fieldsFor(p))).json()).toEqual({ code: 13 });
  });

  it('keeps the purchase pending after a Fail (the client may retry), then completes and refunds', async () => {
    const p = await pendingPurchase('cloudpayments');
    await send('fail', fieldsFor(p, { Status: 'Declined', Reason: 'InsufficientFunds' }));
    expect((await purchaseOf(p.purchase.id))?.status).toBe('pending');
    const pay = fieldsFor(p);
    await send('pay', pay);
    expect((await purchaseOf(p.purchase.id))?.status).toBe('completed');
    await send('refund', {
      TransactionId: String(++transaction),
      PaymentTransactionId: pay.TransactionId,
      Amount: pay.Amount,
      DateTime: '2026-11-23 10:00:00',
      OperationType: 'Refund',
    });
    expect((await purchaseOf(p.purchase.id))?.status).toBe('refunded');
  });

  it('refuses an unknown notification kind and an unparsable body', async () => {
    expect((await send('weird', { TransactionId: '1' })).statusCode).toBe(404);
    const body = '{not json';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/cloudpayments/pay',
      headers: { 'content-type': 'application/json', 'content-hmac': hmac(body) },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
  });

  it('reconciles through payments/find when the Pay notification never came', async () => {
    const p = await pendingPurchase('cloudpayments');
    const runtime = t.app.payments;
    const original = runtime.fetch;
    runtime.fetch = async () =>
      new Response(
        JSON.stringify({
          Success: true,
          Model: {
            TransactionId: ++transaction,
            Amount: p.purchase.amountPaid / 100,
            Currency: 'RUB',
            Status: 'Completed',
            CardLastFour: '1111',
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    try {
      expect(await reconcilePurchase(t.ctx, t.app.payments, p.purchase.id)).toBe('completed');
    } finally {
      runtime.fetch = original;
    }
  });
});
