import { ZBuyPassResponseSchema, ZClientSchema, ZPassPurchaseSchema, ZPassStatusSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses, passPurchases, paymentEvents, sandboxCheckouts, slots } from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { createPass } from '../../seed/factories.ts';
import type { TSignedIn } from '../../test/app.ts';
import { buildCommerceTestApp, heldSlotCheckout, newKey, signedInClient } from '../../test/commerce.ts';

let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp();
});
afterAll(() => t.app.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function buy(session: TSignedIn, passId: number, body: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/user/passes/${t.ctx.hashids.encode('pass', passId)}/buy`,
    headers: { ...session.headers, 'idempotency-key': newKey() },
    payload: { currency: 'rub', payment_method_key: 'cloud_payments', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return ZBuyPassResponseSchema.parse(response.json());
}

const checkoutPath = (paymentUrl: string | null) => {
  expect(paymentUrl).toMatch(/^\/sandbox\/checkout\/[\w-]+$/);
  return paymentUrl as string;
};

const pay = (path: string, card: string, expiry = '12/39', cvc = '123') =>
  t.app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: FORM,
    payload: form({ card_number: card, expiry, cvc }),
  });

const purchaseRow = async (hashid: string) =>
  (
    await t.ctx.db
      .select()
      .from(passPurchases)
      .where(eq(passPurchases.id, t.ctx.hashids.decode('purchase', hashid) ?? 0))
  )[0];

describe('sandbox checkout, end to end through HTTP', () => {
  it('pays a held slot with 4242: webhook delivered, purchase completed, pass active, receipt queued, slot booked, card saved', async () => {
    const { client, session } = await signedInClient(t);
    const { pass, slot } = await heldSlotCheckout(t.ctx, client.id);
    const bought = await buy(session, pass.id, {
      slot_hashid: t.ctx.hashids.encode('slot', slot.id),
      amount: 3_500_00,
    });
    expect(bought).toMatchObject({ status: 'pending', amount: 3_500_00, currency: 'rub' });
    const path = checkoutPath(bought.payment_url);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Оплатить');
    expect(page.body).toContain('3\u00a0500\u00a0₽');
    expect(page.body).toContain('Абонемент на 1 сессию: индивидуальная терапия, психолог');
    expect(page.body).not.toMatch(/<script|style=/);
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    const css = await t.app.inject({ method: 'GET', url: '/sandbox/checkout.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');

    const paid = await pay(path, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/lk/passes?purchase=${bought.id}`);

    expect(t.deliveries.at(-1)?.headers['sandbox-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/pass_purchases/${bought.id}`,
      headers: session.headers,
    });
    expect(ZPassPurchaseSchema.parse(status.json())).toEqual({ id: bought.id, status: 'completed' });

    const purchase = await purchaseRow(bought.id);
    expect(purchase).toMatchObject({ status: 'completed', slotBookingError: null });
    const [clientPass] = await t.ctx.db
      .select()
      .from(clientPasses)
      .where(eq(clientPasses.id, purchase?.clientPassId ?? 0));
    // One session bought, one spent on the held slot.
    expect(clientPass).toMatchObject({ status: 'used_up', sessionsTotal: 1, sessionsLeft: 0 });
    expect(clientPass?.expiresAt).not.toBeNull();
    const [booked] = await t.ctx.db.select().from(slots).where(eq(slots.id, slot.id));
    expect(booked).toMatchObject({ status: 'booked', clientPassId: clientPass?.id });
    const receipts = await findJobs({ keys: [`receipt:${purchase?.id}`] });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.payload).toEqual({ purchase_id: purchase?.id });

    const card = await t.app.inject({ method: 'GET', url: '/api/v1/user/card', headers: session.headers });
    expect(ZClientSchema.parse(card.json()).payment_info).toEqual({
      payment_method_key: 'cloud_payments',
      card_last: '4242',
    });

    // Paying again on the same page does nothing more.
    const again = await pay(path, '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Оплата прошла');
    expect(await t.ctx.db.select().from(passPurchases).where(eq(passPurchases.userId, client.id))).toHaveLength(1);
  });

  it('completes the payment and keeps the pass active when the held slot can no longer be booked, recording why', async () => {
    const { client, session } = await signedInClient(t);
    const { pass, slot } = await heldSlotCheckout(t.ctx, client.id);
    const bought = await buy(session, pass.id, { slot_hashid: t.ctx.hashids.encode('slot', slot.id) });
    // The hold lapsed and was released while the client was on the payment page.
    await t.ctx.db.update(slots).set({ status: 'expired' }).where(eq(slots.id, slot.id));
    expect((await pay(checkoutPath(bought.payment_url), '4242424242424242')).statusCode).toBe(303);
    const purchase = await purchaseRow(bought.id);
    expect(purchase).toMatchObject({ status: 'completed', slotBookingError: 'not_held' });
    const [clientPass] = await t.ctx.db
      .select()
      .from(clientPasses)
      .where(eq(clientPasses.id, purchase?.clientPassId ?? 0));
    expect(clientPass).toMatchObject({ status: 'active', sessionsLeft: 1 });
  });

  it('shows a declined card on the page, keeps the purchase pending, and lets the client retry and pay', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db, { sessionsCount: 4 });
    const bought = await buy(session, pass.id);
    const path = checkoutPath(bought.payment_url);

    const declined = await pay(path, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Банк отклонил платёж');
    expect((await purchaseRow(bought.id))?.status).toBe('pending');
    const [event] = await t.ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.purchaseId, t.ctx.hashids.decode('purchase', bought.id) ?? 0));
    expect(event?.kind).toBe('failed');
    const passStatus = await t.app.inject({ method: 'GET', url: '/api/v1/user/pass_status', headers: session.headers });
    expect(ZPassStatusSchema.parse(passStatus.json())).toMatchObject({
      status: 'pending_purchase',
      pass_purchase: { id: bought.id },
    });

    const invalid = await pay(path, '1234 5678', '13/20', '1');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('Проверьте номер карты');
    expect(invalid.body).toContain('Укажите срок действия');

    const paid = await pay(path, '4242424242424242');
    expect(paid.statusCode).toBe(303);
    expect((await purchaseRow(bought.id))?.status).toBe('completed');
    const active = await t.app.inject({ method: 'GET', url: '/api/v1/user/pass_status', headers: session.headers });
    expect(ZPassStatusSchema.parse(active.json())).toMatchObject({ status: 'active', sessions_left: 4 });
    // The declined attempt left no second pass behind: the client owns exactly the one they paid for.
    const owned = await t.ctx.db.select().from(clientPasses).where(eq(clientPasses.userId, client.id));
    expect(owned).toEqual([expect.objectContaining({ status: 'active', sessionsTotal: 4, sessionsLeft: 4 })]);
    const events = await t.ctx.db
      .select({ kind: paymentEvents.kind })
      .from(paymentEvents)
      .where(eq(paymentEvents.purchaseId, t.ctx.hashids.decode('purchase', bought.id) ?? 0))
      .orderBy(paymentEvents.id);
    expect(events.map((e) => e.kind)).toEqual(['failed', 'succeeded']);
  });

  it('asks for 3-D Secure with 4000 0000 0000 3220: «Подтвердить» pays', async () => {
    const { session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const bought = await buy(session, pass.id);
    const path = checkoutPath(bought.payment_url);
    const step = await pay(path, '4000000000003220');
    expect(step.statusCode).toBe(303);
    expect(step.headers.location).toBe(path);
    const challenge = await t.app.inject({ method: 'GET', url: path });
    expect(challenge.body).toContain('Подтвердить');
    expect(challenge.body).toContain('Отклонить');
    expect(challenge.body).toContain('3220');
    expect((await purchaseRow(bought.id))?.status).toBe('pending');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `${path}/confirm`,
      headers: FORM,
      payload: form({ decision: 'confirm' }),
    });
    expect(confirmed.statusCode).toBe(303);
    expect((await purchaseRow(bought.id))?.status).toBe('completed');
    const card = await t.app.inject({ method: 'GET', url: '/api/v1/user/card', headers: session.headers });
    expect(ZClientSchema.parse(card.json()).payment_info).toMatchObject({ card_last: '3220' });
  });

  it('«Отклонить» in 3-D Secure declines the attempt and returns to the card form', async () => {
    const { session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const bought = await buy(session, pass.id);
    const path = checkoutPath(bought.payment_url);
    await pay(path, '4000000000003220');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `${path}/confirm`,
      headers: FORM,
      payload: form({ decision: 'reject' }),
    });
    expect(rejected.statusCode).toBe(402);
    expect(rejected.body).toContain('не подтверждён в 3-D Secure');
    expect(rejected.body).toContain('Номер карты');
    expect((await purchaseRow(bought.id))?.status).toBe('pending');
    const [checkout] = await t.ctx.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.purchaseId, t.ctx.hashids.decode('purchase', bought.id) ?? 0));
    expect(checkout).toMatchObject({ status: 'open', failedAttempts: 1 });
  });

  it('«Отменить оплату» cancels the purchase and the pass it would have activated', async () => {
    const { session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const bought = await buy(session, pass.id);
    const path = checkoutPath(bought.payment_url);
    const cancelled = await t.app.inject({ method: 'POST', url: `${path}/cancel`, headers: FORM, payload: '' });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/lk/passes?purchase=${bought.id}`);
    const purchase = await purchaseRow(bought.id);
    expect(purchase).toMatchObject({ status: 'cancelled', failureReason: 'cancelled_by_client' });
    const [clientPass] = await t.ctx.db
      .select()
      .from(clientPasses)
      .where(eq(clientPasses.id, purchase?.clientPassId ?? 0));
    expect(clientPass?.status).toBe('cancelled');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Оплата отменена');
    expect((await pay(path, '4242424242424242')).statusCode).toBe(409);
  });

  it('«Отменить оплату» lets go of the time held for the checkout, so others can book it', async () => {
    const { client, session } = await signedInClient(t);
    const { pass, slot } = await heldSlotCheckout(t.ctx, client.id);
    const bought = await buy(session, pass.id, { slot_hashid: t.ctx.hashids.encode('slot', slot.id) });
    const path = checkoutPath(bought.payment_url);
    await t.app.inject({ method: 'POST', url: `${path}/cancel`, headers: FORM, payload: '' });
    const [after] = await t.ctx.db.select().from(slots).where(eq(slots.id, slot.id));
    expect(after?.status).toBe('expired');
  });

  it('keeps the held time when a newer purchase replaces an unpaid one for it', async () => {
    const { client, session } = await signedInClient(t);
    const { pass, slot } = await heldSlotCheckout(t.ctx, client.id);
    const slotHashid = t.ctx.hashids.encode('slot', slot.id);
    const first = await buy(session, pass.id, { slot_hashid: slotHashid });
    await buy(session, pass.id, { slot_hashid: slotHashid });
    expect((await purchaseRow(first.id))?.status).toBe('cancelled');
    const [after] = await t.ctx.db.select().from(slots).where(eq(slots.id, slot.id));
    expect(after?.status).toBe('held');
  });

  it('answers an unknown checkout page with a Russian 404 page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/checkout/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Страница оплаты не найдена');
  });
});
