import { createHmac } from 'node:crypto';
import { ZApiErrorSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses, passPurchases, paymentEvents, slots, type TPurchaseRow } from '../../db/schema/index.ts';
import { createPurchase } from '../../seed/commerce-factories.ts';
import { buildCommerceTestApp, COMMERCE_TEST_ENV, heldSlotCheckout, signedInClient } from '../../test/commerce.ts';
import { signSandboxPayload } from '../payment-providers/sandbox/sandbox-signature.ts';
import { reconcilePurchase } from './reconcile-purchases.ts';

let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp();
});
afterAll(() => t.app.close());

/** A pending purchase of a one-session pass that books a held slot when paid: what a forged payment would unlock. */
async function pendingWithHeldSlot(provider: TPurchaseRow['provider'], currency: 'rub' | 'eur') {
  const { client } = await signedInClient(t, { currency });
  const { pass, slot } = await heldSlotCheckout(t.ctx, client.id);
  const { purchase } = await createPurchase(t.ctx.db, {
    userId: client.id,
    passId: pass.id,
    sessionsCount: 1,
    provider,
    currency,
    amount: currency === 'eur' ? 40_00 : 3_500_00,
    slotId: slot.id,
  });
  return { client, purchase, slot, hashid: t.ctx.hashids.encode('purchase', purchase.id) };
}

/** Nothing moved: purchase pending, pass not active, slot still only held; the event is on record as a mismatch. */
async function expectNothingChanged(p: Awaited<ReturnType<typeof pendingWithHeldSlot>>, events: number) {
  const [purchase] = await t.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, p.purchase.id));
  expect(purchase).toMatchObject({ status: 'pending', completedAt: null });
  const [pass] = await t.ctx.db.select().from(clientPasses).where(eq(clientPasses.id, p.purchase.clientPassId));
  expect(pass).toMatchObject({ status: 'pending_purchase', sessionsLeft: 0, activatedAt: null });
  const [slot] = await t.ctx.db.select().from(slots).where(eq(slots.id, p.slot.id));
  expect(slot).toMatchObject({ status: 'held', clientPassId: null });
  const recorded = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.purchaseId, p.purchase.id));
  expect(recorded.map((e) => e.kind)).toEqual(Array(events).fill('amount_mismatch'));
}

const expectRefused = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(409);
  expect(ZApiErrorSchema.parse(response.json()).error).toEqual({
    code: 'amount_mismatch',
    message: 'Сумма платежа не совпадает с суммой покупки: покупка не оплачена',
    request_id: expect.any(String),
  });
};

const statusOf = async (purchaseId: number) =>
  (await t.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)))[0]?.status;

describe('a signed success for another amount or currency changes nothing', () => {
  it('sandbox: 1 kopeck or the right sum in euros is refused; the real payment still completes', async () => {
    const p = await pendingWithHeldSlot('sandbox', 'rub');
    const send = (id: string, amount: number, currency: 'rub' | 'eur') => {
      const body = JSON.stringify({
        id,
        type: 'checkout.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: {
          checkout: `forged_${p.hashid}`,
          purchase_id: p.hashid,
          amount,
          currency,
          card_last: null,
          card_brand: null,
          reason: null,
        },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        headers: {
          'content-type': 'application/json',
          'sandbox-signature': signSandboxPayload(body, COMMERCE_TEST_ENV.SANDBOX_WEBHOOK_SECRET),
        },
        payload: body,
      });
    };
    expectRefused(await send(`evt_forged_${p.hashid}_1`, 1, 'rub'));
    expectRefused(await send(`evt_forged_${p.hashid}_2`, 3_500_00, 'eur'));
    await expectNothingChanged(p, 2);

    expect((await send(`evt_real_${p.hashid}`, 3_500_00, 'rub')).json()).toEqual({ received: true, result: 'applied' });
    expect(await statusOf(p.purchase.id)).toBe('completed');
  });

  it('stripe: a completed session for 1 cent is refused and changes nothing', async () => {
    const p = await pendingWithHeldSlot('stripe', 'eur');
    const session = (id: string, amountTotal: number, currency: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: `cs_test_${p.hashid}`,
            object: 'checkout.session',
            client_reference_id: p.hashid,
            metadata: { purchase_id: p.hashid },
            payment_intent: `pi_${p.hashid}`,
            payment_status: 'paid',
            status: 'complete',
            amount_total: amountTotal,
            currency,
          },
        },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: COMMERCE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
          }),
        },
        payload,
      });
    };
    expectRefused(await session(`evt_forged_${p.hashid}_1`, 1, 'eur'));
    expectRefused(await session(`evt_forged_${p.hashid}_2`, 40_00, 'usd'));
    await expectNothingChanged(p, 2);

    expect((await session(`evt_real_${p.hashid}`, 40_00, 'eur')).statusCode).toBe(200);
    expect(await statusOf(p.purchase.id)).toBe('completed');
  });

  it('cloudpayments: a Pay of 0.01 ₽ is refused and changes nothing, and so is one found by reconciliation', async () => {
    const p = await pendingWithHeldSlot('cloudpayments', 'rub');
    const pay = (transactionId: string, amount: string, currency = 'RUB') => {
      const body = new URLSearchParams({
        TransactionId: transactionId,
        Amount: amount,
        Currency: currency,
        InvoiceId: p.hashid,
        AccountId: t.ctx.hashids.encode('user', p.client.id),
        Status: 'Completed',
      }).toString();
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/cloudpayments/pay',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-hmac': createHmac('sha256', COMMERCE_TEST_ENV.CLOUDPAYMENTS_API_SECRET)
            .update(body)
            .digest('base64'),
        },
        payload: body,
      });
    };
    const base = 7_000_000 + Math.floor(Math.random() * 1_000_000);
    expectRefused(await pay(String(base), '0.01'));
    expectRefused(await pay(String(base + 1), '3500.00', 'EUR'));
    await expectNothingChanged(p, 2);

    const runtime = t.app.payments;
    const original = runtime.fetch;
    runtime.fetch = async () =>
      new Response(
        JSON.stringify({
          Success: true,
          Model: { TransactionId: base + 2, Amount: 1, Currency: 'RUB', Status: 'Completed' },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    try {
      await expect(reconcilePurchase(t.ctx, t.app.payments, p.purchase.id)).rejects.toMatchObject({
        code: 'amount_mismatch',
      });
    } finally {
      runtime.fetch = original;
    }
    await expectNothingChanged(p, 3);

    expect((await pay(String(base + 3), '3500.00')).json()).toEqual({ code: 0 });
    expect(await statusOf(p.purchase.id)).toBe('completed');
  });
});
