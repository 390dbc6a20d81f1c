import { ZApiErrorSchema, ZBuyPassResponseSchema } from '@therapy/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses, passPurchases, promocodes, sandboxCheckouts } from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { applyPromocodeFor, createPromocode, createPurchase } from '../../seed/commerce-factories.ts';
import { createBusinessAccount, createPass, createSlot, createTherapist } from '../../seed/factories.ts';
import { errorAnswerOf, signIn, type TSignedIn } from '../../test/app.ts';
import { buildCommerceTestApp, heldSlotCheckout, newKey, signedInClient } from '../../test/commerce.ts';

let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp();
});
afterAll(() => t.app.close());

const RUB = { currency: 'rub', payment_method_key: 'cloud_payments' } as const;
const EUR = { currency: 'eur', payment_method_key: 'stripe' } as const;

const buyUrl = (passId: number) => `/api/v1/user/passes/${t.ctx.hashids.encode('pass', passId)}/buy`;
const buy = (
  session: TSignedIn,
  passId: number,
  payload: unknown = RUB,
  key: string | null = newKey(),
  extraHeaders: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: buyUrl(passId),
    headers: { ...session.headers, ...(key === null ? {} : { 'idempotency-key': key }), ...extraHeaders },
    payload: payload as Record<string, unknown>,
  });

const purchasesOf = (userId: number) => t.ctx.db.select().from(passPurchases).where(eq(passPurchases.userId, userId));
const passesOf = (userId: number) => t.ctx.db.select().from(clientPasses).where(eq(clientPasses.userId, userId));
const errorOf = (body: string) => ZApiErrorSchema.parse(JSON.parse(body)).error;

describe('POST /api/v1/user/passes/:id/buy', () => {
  it('creates a pending purchase and a pending pass, and answers with the sandbox checkout page', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db, { sessionsCount: 8, priceRub: 25_600_00, priceEur: 290_00 });
    const response = await buy(session, pass.id, { ...EUR, amount: 290_00 });
    expect(response.statusCode, response.body).toBe(200);
    const body = ZBuyPassResponseSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'pending', amount: 290_00, currency: 'eur' });
    expect(body.payment_url).toMatch(/^\/sandbox\/checkout\//);
    const [purchase] = await purchasesOf(client.id);
    expect(purchase).toMatchObject({
      provider: 'sandbox',
      paymentMethodKey: 'stripe',
      amount: 290_00,
      amountPaid: 290_00,
    });
    expect(t.ctx.hashids.encode('purchase', purchase?.id ?? 0)).toBe(body.id);
    expect(await passesOf(client.id)).toMatchObject([
      { status: 'pending_purchase', sessionsTotal: 8, sessionsLeft: 0 },
    ]);
    const reconcile = await findJobs({ keys: [`reconcile:${purchase?.id}:0`] });
    expect(reconcile).toHaveLength(1);
  });

  it('answers the same Idempotency-Key with the same purchase and the same page, never a second one', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const key = newKey();
    const first = ZBuyPassResponseSchema.parse((await buy(session, pass.id, RUB, key)).json());
    const second = ZBuyPassResponseSchema.parse((await buy(session, pass.id, RUB, key)).json());
    expect(second).toEqual(first);
    expect(await purchasesOf(client.id)).toHaveLength(1);
    expect(await passesOf(client.id)).toHaveLength(1);
    // The key belongs to that purchase: another pass with it is a conflict, not a purchase.
    const other = await createPass(t.ctx.db, { sessionsCount: 1 });
    const reused = await buy(session, other.id, RUB, key);
    expect(reused.statusCode).toBe(409);
    expect(await purchasesOf(client.id)).toHaveLength(1);
  });

  it('makes one purchase of 20 concurrent calls with one key', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 20 }, () => buy(session, pass.id, RUB, key)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(responses.map((r) => ZBuyPassResponseSchema.parse(r.json()).id));
    const urls = new Set(responses.map((r) => ZBuyPassResponseSchema.parse(r.json()).payment_url));
    expect(ids.size).toBe(1);
    expect(urls.size).toBe(1);
    expect(await purchasesOf(client.id)).toHaveLength(1);
    expect(await passesOf(client.id)).toHaveLength(1);
    const [purchase] = await purchasesOf(client.id);
    const [checkouts] = await t.ctx.db
      .select({ n: count() })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.purchaseId, purchase?.id ?? 0));
    expect(checkouts?.n).toBe(1);
  });

  it('replaces the client’s unpaid purchase with a newer one', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const first = ZBuyPassResponseSchema.parse((await buy(session, pass.id)).json());
    const second = ZBuyPassResponseSchema.parse((await buy(session, pass.id)).json());
    expect(second.id).not.toBe(first.id);
    const rows = await purchasesOf(client.id);
    expect(rows.map((r) => [t.ctx.hashids.encode('purchase', r.id), r.status]).sort()).toEqual(
      [
        [first.id, 'cancelled'],
        [second.id, 'pending'],
      ].sort(),
    );
    // The replaced checkout page can no longer take money.
    const page = await t.app.inject({ method: 'GET', url: first.payment_url ?? '' });
    expect(page.body).toContain('Время на оплату истекло');
  });

  it('applies the client’s promo code, takes one redemption, and gives it back when the purchase is cancelled', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db, { sessionsCount: 4, priceRub: 13_200_00 });
    const code = await createPromocode(t.ctx.db, { percentOff: 10, maxRedemptions: 5 });
    await applyPromocodeFor(t.ctx.db, client.id, code.id);
    const body = ZBuyPassResponseSchema.parse((await buy(session, pass.id, { ...RUB, amount: 11_880_00 })).json());
    expect(body.amount).toBe(11_880_00);
    const [purchase] = await purchasesOf(client.id);
    expect(purchase).toMatchObject({ amount: 13_200_00, amountPaid: 11_880_00, promocodeId: code.id });
    const redemptions = async () =>
      (await t.ctx.db.select().from(promocodes).where(eq(promocodes.id, code.id)))[0]?.redemptionsCount;
    expect(await redemptions()).toBe(1);
    await t.app.inject({
      method: 'POST',
      url: `${body.payment_url}/cancel`,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await redemptions()).toBe(0);
  });

  it('refuses when the last redemption of the code is gone, and changes nothing', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const code = await createPromocode(t.ctx.db, { percentOff: 50, maxRedemptions: 1 });
    await applyPromocodeFor(t.ctx.db, client.id, code.id);
    // Someone else took the last one after the client saw the discounted price.
    await t.ctx.db.update(promocodes).set({ redemptionsCount: 1 }).where(eq(promocodes.id, code.id));
    const response = await buy(session, pass.id, { ...RUB, amount: 7_000_00 });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body)).toMatchObject({ code: 'amount_mismatch' });
    expect(errorOf(response.body).message).toContain('14\u00a0000\u00a0₽');
    expect(await purchasesOf(client.id)).toHaveLength(0);
    expect(await passesOf(client.id)).toHaveLength(0);
  });

  it('refuses an amount that does not match the price, and changes nothing', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db, { sessionsCount: 1, priceRub: 3_500_00 });
    const response = await buy(session, pass.id, { ...RUB, amount: 3_000_00 });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body)).toMatchObject({ code: 'amount_mismatch' });
    expect(errorOf(response.body).message).toContain('Сумма к оплате сейчас 3\u00a0500\u00a0₽');
    expect(await purchasesOf(client.id)).toHaveLength(0);
  });

  it.each([
    [
      'a currency with the other currency’s method',
      { currency: 'rub', payment_method_key: 'stripe' },
      422,
      'validation_failed',
    ],
    ['euros with cloud_payments', { currency: 'eur', payment_method_key: 'cloud_payments' }, 422, 'validation_failed'],
    ['an unknown currency', { currency: 'usd', payment_method_key: 'stripe' }, 422, 'validation_failed'],
    ['a missing payment method', { currency: 'rub' }, 422, 'validation_failed'],
    ['an amount as text', { ...RUB, amount: '3500' }, 422, 'validation_failed'],
    ['a fractional amount', { ...RUB, amount: 35.5 }, 422, 'validation_failed'],
    ['a slot id of the wrong type', { ...RUB, slot_hashid: 42 }, 422, 'validation_failed'],
  ])('refuses %s and changes nothing', async (_label, payload, status, code) => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const response = await buy(session, pass.id, payload);
    expect(response.statusCode).toBe(status);
    const error = errorOf(response.body);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/[а-я]/i);
    expect(await purchasesOf(client.id)).toHaveLength(0);
  });

  it('refuses malformed JSON, a missing or bad Idempotency-Key, and unknown passes', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const malformed = await t.app.inject({
      method: 'POST',
      url: buyUrl(pass.id),
      headers: { ...session.headers, 'idempotency-key': newKey(), 'content-type': 'application/json' },
      payload: '{"currency": "rub",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed.body).code).toBe('malformed_request');

    const noKey = await buy(session, pass.id, RUB, null);
    expect(noKey.statusCode).toBe(422);
    expect(errorOf(noKey.body).fields).toHaveProperty('Idempotency-Key');
    expect((await buy(session, pass.id, RUB, 'short')).statusCode).toBe(422);

    for (const url of [
      '/api/v1/user/passes/nope/buy',
      `/api/v1/user/passes/${t.ctx.hashids.encode('slot', pass.id)}/buy`,
    ]) {
      const unknown = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...session.headers, 'idempotency-key': newKey() },
        payload: RUB,
      });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown.body).message).toBe('Абонемент не найден');
    }
    const retired = await createPass(t.ctx.db, { active: false });
    expect((await buy(session, retired.id)).statusCode).toBe(404);
    expect(await purchasesOf(client.id)).toHaveLength(0);
  });

  it('refuses a slot the client does not hold: someone else’s, booked, lapsed, or for another tier', async () => {
    const { client, session } = await signedInClient(t);
    const other = await signedInClient(t);
    const mine = await heldSlotCheckout(t.ctx, client.id);
    const theirs = await heldSlotCheckout(t.ctx, other.client.id);
    const slotId = (id: number) => ({ ...RUB, slot_hashid: t.ctx.hashids.encode('slot', id) });

    const foreign = await buy(session, mine.pass.id, slotId(theirs.slot.id));
    expect(foreign.statusCode).toBe(404);
    const unknown = await buy(session, mine.pass.id, { ...RUB, slot_hashid: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(errorAnswerOf(foreign)).toEqual(errorAnswerOf(unknown));

    const therapist = await createTherapist(t.ctx.db);
    const booked = await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(Date.now() + 5 * 86_400_000),
    });
    expect((await buy(session, mine.pass.id, slotId(booked.id))).statusCode).toBe(404);

    const lapsedClient = await signedInClient(t);
    const lapsed = await heldSlotCheckout(t.ctx, lapsedClient.client.id, { holdMinutes: -1 });
    const lapsedResponse = await buy(lapsedClient.session, lapsed.pass.id, slotId(lapsed.slot.id));
    expect(lapsedResponse.statusCode).toBe(409);
    expect(errorOf(lapsedResponse.body).code).toBe('hold_expired');

    const expertPass = await createPass(t.ctx.db, { tier: 'expert', sessionsCount: 1 });
    const wrongTier = await buy(session, expertPass.id, slotId(mine.slot.id));
    expect(wrongTier.statusCode).toBe(422);
    expect(errorOf(wrongTier.body).fields).toHaveProperty('slot_hashid');
    expect(await purchasesOf(client.id)).toHaveLength(0);
  });

  it('admits only clients, with a session and the CSRF token', async () => {
    const pass = await createPass(t.ctx.db);
    const therapist = await signIn(t.app, (await createTherapist(t.ctx.db)).email);
    const business = await signIn(t.app, (await createBusinessAccount(t.ctx.db)).email);
    expect((await buy(therapist, pass.id)).statusCode).toBe(403);
    expect((await buy(business, pass.id)).statusCode).toBe(403);
    const { client, session } = await signedInClient(t);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: buyUrl(pass.id),
      headers: { cookie: session.cookie, 'idempotency-key': newKey() },
      payload: RUB,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(errorOf(noCsrf.body).code).toBe('csrf_invalid');
    const anonymous = await t.app.inject({ method: 'POST', url: buyUrl(pass.id), payload: RUB });
    expect(anonymous.statusCode).toBe(401);
    expect(await purchasesOf(client.id)).toHaveLength(0);
  });
});

describe('GET /api/v1/user/pass_purchases/:id', () => {
  it('shows the client’s own purchase and answers 404 for anyone else’s, the same as an unknown id', async () => {
    const owner = await signedInClient(t);
    const stranger = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const { purchase } = await createPurchase(t.ctx.db, { userId: owner.client.id, passId: pass.id });
    const url = `/api/v1/user/pass_purchases/${t.ctx.hashids.encode('purchase', purchase.id)}`;
    const own = await t.app.inject({ method: 'GET', url, headers: owner.session.headers });
    expect(own.json()).toEqual({ id: t.ctx.hashids.encode('purchase', purchase.id), status: 'pending' });
    const foreign = await t.app.inject({ method: 'GET', url, headers: stranger.session.headers });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/pass_purchases/zzzzzzzz',
      headers: stranger.session.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorAnswerOf(foreign)).toEqual(errorAnswerOf(unknown));
    const wrongKind = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/pass_purchases/${t.ctx.hashids.encode('pass', purchase.id)}`,
      headers: owner.session.headers,
    });
    expect(wrongKind.statusCode).toBe(404);
    const therapist = await signIn(t.app, (await createTherapist(t.ctx.db)).email);
    expect((await t.app.inject({ method: 'GET', url, headers: therapist.headers })).statusCode).toBe(403);
  });
});
