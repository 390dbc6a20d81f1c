import { ZApiErrorSchema, ZBuyPassResponseSchema, ZUserPromocodeSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedPromocodes, passPurchases, promocodes } from '../../db/schema/index.ts';
import { applyPromocodeFor, createPromocode, createPurchase } from '../../seed/commerce-factories.ts';
import {
  createBusiness,
  createBusinessAccount,
  createEmployee,
  createPass,
  createTherapist,
} from '../../seed/factories.ts';
import { signIn, type TSignedIn } from '../../test/app.ts';
import { buildCommerceTestApp, newKey, signedInClient } from '../../test/commerce.ts';

let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp();
});
afterAll(() => t.app.close());

const apply = (session: TSignedIn, payload: unknown, headers: Record<string, string> = session.headers) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/promocode', headers, payload: payload as Record<string, unknown> });
const current = async (session: TSignedIn) =>
  ZUserPromocodeSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/user/promocode', headers: session.headers })).json(),
  );
const appliedOf = (userId: number) =>
  t.ctx.db.select().from(appliedPromocodes).where(eq(appliedPromocodes.userId, userId));
const errorOf = (body: string) => ZApiErrorSchema.parse(JSON.parse(body)).error;
const DAY = 86_400_000;

describe('promo codes', () => {
  it('applies a code in any letter case and shows it as active', async () => {
    const { session } = await signedInClient(t);
    const code = await createPromocode(t.ctx.db, { description: 'Скидка 10 % на первую покупку' });
    expect(await current(session)).toEqual({ active: false, description: null, code: null });
    const response = await apply(session, { code: `  ${code.code.toLowerCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(ZUserPromocodeSchema.parse(response.json())).toEqual({
      active: true,
      description: 'Скидка 10 % на первую покупку',
      code: code.code,
    });
    expect(await current(session)).toMatchObject({ active: true, code: code.code });
  });

  it('prices the catalog with the applied code: percent in both currencies, a fixed amount only in its own', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db, { sessionsCount: 4, priceRub: 13_200_00, priceEur: 150_00 });
    const fixed = await createPromocode(t.ctx.db, { kind: 'fixed', amountOff: 500_00, currency: 'rub' });
    await apply(session, { code: fixed.code });
    const offer = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/passes', headers: session.headers }))
        .json<{ passes: { id: string; price: number; discount_price: number; currency: string }[] }>()
        .passes.find((p) => p.id === t.ctx.hashids.encode('pass', pass.id));
    expect(await offer()).toMatchObject({ currency: 'rub', price: 13_200_00, discount_price: 12_700_00 });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/set_currency',
      headers: session.headers,
      payload: { currency: 'eur' },
    });
    expect(await offer()).toMatchObject({ currency: 'eur', price: 150_00, discount_price: 150_00 });
    expect(await current(session)).toMatchObject({
      active: false,
      description: 'Промокод действует только при оплате в рублях',
    });
    // The euro switch only pauses the code: it stays the client's and prices roubles again once they switch back.
    expect(await appliedOf(client.id)).toHaveLength(1);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/set_currency',
      headers: session.headers,
      payload: { currency: 'rub' },
    });
    expect(await offer()).toMatchObject({ currency: 'rub', price: 13_200_00, discount_price: 12_700_00 });
    expect(await current(session)).toMatchObject({ active: true, code: fixed.code });
  });

  it.each([
    ['an unknown code', {}, 'Такого промокода нет'],
    ['an expired code', { expiresAt: new Date(Date.now() - DAY) }, 'Срок действия промокода истёк'],
    ['a code not yet started', { startsAt: new Date(Date.now() + DAY) }, 'ещё не начал действовать'],
    ['a used-up code', { maxRedemptions: 3, redemptionsCount: 3 }, 'максимальное число раз'],
    ['a switched-off code', { active: false }, 'больше не действует'],
    [
      'a code for euros only',
      { kind: 'fixed' as const, amountOff: 5_00, currency: 'eur' as const },
      'при оплате в евро',
    ],
  ])('refuses %s with a Russian reason and applies nothing', async (label, overrides, message) => {
    const { client, session } = await signedInClient(t);
    const code =
      label === 'an unknown code' ? { code: 'NO-SUCH-CODE-EVER' } : await createPromocode(t.ctx.db, overrides);
    const response = await apply(session, { code: code.code });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response.body)).toMatchObject({ code: 'promocode_invalid' });
    expect(errorOf(response.body).message).toContain(message);
    expect(await appliedOf(client.id)).toHaveLength(0);
  });

  it('refuses a code the client has already used up their share of', async () => {
    const { client, session } = await signedInClient(t);
    const pass = await createPass(t.ctx.db);
    const code = await createPromocode(t.ctx.db, { perUserLimit: 1 });
    await createPurchase(t.ctx.db, { userId: client.id, passId: pass.id, status: 'completed', promocodeId: code.id });
    const response = await apply(session, { code: code.code });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response.body).message).toBe('Вы уже использовали этот промокод');
  });

  it('tells an employee whose employer blocked promo codes that no code is allowed', async () => {
    const { client, session } = await signedInClient(t);
    const account = await createBusinessAccount(t.ctx.db);
    const business = await createBusiness(t.ctx.db, { accountUserId: account.id });
    await createEmployee(t.ctx.db, {
      businessId: business.id,
      userId: client.id,
      email: client.email,
      promocodesBlocked: true,
    });
    const code = await createPromocode(t.ctx.db);
    const response = await apply(session, { code: code.code });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response.body)).toMatchObject({
      code: 'promocode_blocked',
      message: 'Сотруднику запрещено использовать любой промокод',
    });
    expect(await appliedOf(client.id)).toHaveLength(0);
    // Even a code applied before the block is no longer active, and a buy ignores it.
    await applyPromocodeFor(t.ctx.db, client.id, code.id);
    expect(await current(session)).toMatchObject({
      active: false,
      description: 'Сотруднику запрещено использовать любой промокод',
    });
  });

  it('lets a former employee use codes again', async () => {
    const { session, client } = await signedInClient(t);
    const account = await createBusinessAccount(t.ctx.db);
    const business = await createBusiness(t.ctx.db, { accountUserId: account.id });
    await createEmployee(t.ctx.db, {
      businessId: business.id,
      userId: client.id,
      promocodesBlocked: true,
      leftOn: '2024-06-30',
    });
    const code = await createPromocode(t.ctx.db);
    expect((await apply(session, { code: code.code })).statusCode).toBe(200);
  });

  it('gives the last redemption to exactly one of several clients buying at once', async () => {
    const code = await createPromocode(t.ctx.db, { percentOff: 50, maxRedemptions: 1 });
    const pass = await createPass(t.ctx.db, { priceRub: 10_000_00 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => signedInClient(t)));
    for (const b of buyers) await applyPromocodeFor(t.ctx.db, b.client.id, code.id);
    const responses = await Promise.all(
      buyers.map((b) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/user/passes/${t.ctx.hashids.encode('pass', pass.id)}/buy`,
          headers: { ...b.session.headers, 'idempotency-key': newKey() },
          payload: { currency: 'rub', payment_method_key: 'cloud_payments' },
        }),
      ),
    );
    const discounted = responses.filter(
      (r) => r.statusCode === 200 && ZBuyPassResponseSchema.parse(r.json()).amount === 5_000_00,
    );
    expect(discounted).toHaveLength(1);
    for (const r of responses) expect([200, 422]).toContain(r.statusCode);
    const [row] = await t.ctx.db.select().from(promocodes).where(eq(promocodes.id, code.id));
    expect(row?.redemptionsCount).toBe(1);
    const withCode = await t.ctx.db.select().from(passPurchases).where(eq(passPurchases.promocodeId, code.id));
    expect(withCode).toHaveLength(1);
  });

  it('refuses malformed JSON, a missing or empty code, wrong types, other roles, no CSRF', async () => {
    const { client, session } = await signedInClient(t);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/promocode',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(malformed.statusCode).toBe(400);
    for (const payload of [{}, { code: '' }, { code: '   ' }, { code: 42 }, { code: 'x'.repeat(65) }]) {
      const response = await apply(session, payload);
      expect(response.statusCode).toBe(422);
      expect(errorOf(response.body).fields).toHaveProperty('code');
    }
    const therapist = await signIn(t.app, (await createTherapist(t.ctx.db)).email);
    expect((await apply(therapist, { code: 'WELCOME10' })).statusCode).toBe(403);
    const business = await signIn(t.app, (await createBusinessAccount(t.ctx.db)).email);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/promocode', headers: business.headers })).statusCode,
    ).toBe(403);
    const code = await createPromocode(t.ctx.db);
    const noCsrf = await apply(session, { code: code.code }, { cookie: session.cookie });
    expect(noCsrf.statusCode).toBe(403);
    expect(await appliedOf(client.id)).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/promocode' })).statusCode).toBe(401);
  });
});
