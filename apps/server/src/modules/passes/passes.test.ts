import { ZPassesResponseSchema, ZPassStatusSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses, passes, passPurchases, therapists } from '../../db/schema/index.ts';
import { applyPromocodeFor, createPromocode, createPurchase } from '../../seed/commerce-factories.ts';
import {
  createBusiness,
  createBusinessAccount,
  createClientPass,
  createEmployee,
  createPass,
  createSlot,
  createTherapist,
} from '../../seed/factories.ts';
import { signIn, type TSignedIn } from '../../test/app.ts';
import { buildCommerceTestApp, signedInClient } from '../../test/commerce.ts';

let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp();
});
afterAll(() => t.app.close());

const get = (url: string, session?: TSignedIn) =>
  t.app.inject({ method: 'GET', url, headers: session ? session.headers : {} });

describe('GET /api/v1/user/passes', () => {
  it('lists active offers in the client’s currency with the promo price, and the client’s own passes', async () => {
    const { client, session } = await signedInClient(t, { currency: 'eur' });
    const offer = await createPass(t.ctx.db, {
      tier: 'senior',
      therapyType: 'couple',
      sessionsCount: 8,
      priceRub: 48_000_00,
      priceEur: 520_00,
    });
    const retired = await createPass(t.ctx.db, { active: false });
    const code = await createPromocode(t.ctx.db, { percentOff: 10 });
    await applyPromocodeFor(t.ctx.db, client.id, code.id);
    const owned = await createClientPass(t.ctx.db, {
      userId: client.id,
      passId: offer.id,
      sessionsTotal: 8,
      sessionsLeft: 5,
    });
    await createPurchase(t.ctx.db, { userId: client.id, passId: offer.id, status: 'cancelled' });

    const response = await get('/api/v1/user/passes', session);
    expect(response.statusCode).toBe(200);
    const body = ZPassesResponseSchema.parse(response.json());
    expect(body.currency).toBe('eur');
    expect(body.promocode).toEqual({ active: true, description: code.description });
    const ids = body.passes.map((p) => p.id);
    expect(ids).not.toContain(t.ctx.hashids.encode('pass', retired.id));
    expect(body.passes.find((p) => p.id === t.ctx.hashids.encode('pass', offer.id))).toEqual({
      id: t.ctx.hashids.encode('pass', offer.id),
      tier: 'senior',
      therapy_type: 'couple',
      sessions_count: 8,
      currency: 'eur',
      price: 520_00,
      discount_price: 468_00,
      price_per_session: 65_00,
      valid_months: 6,
    });
    // Cancelled purchases' passes are not the client's.
    expect(body.client_passes).toEqual([
      expect.objectContaining({
        id: t.ctx.hashids.encode('client_pass', owned.id),
        status: 'active',
        sessions_left: 5,
        sessions_total: 8,
      }),
    ]);
  });

  it('names the therapist the client buys for and the tier their sessions need: a hold, else the next, else the last', async () => {
    const { client, session } = await signedInClient(t);
    const therapistOf = async (tier: 'standard' | 'senior' | 'expert', firstName: string) => {
      const therapist = await createTherapist(t.ctx.db, { firstName, lastName: 'Тестова' });
      await t.ctx.db.update(therapists).set({ tier }).where(eq(therapists.userId, therapist.id));
      return therapist;
    };
    const chosen = async () =>
      ZPassesResponseSchema.parse((await get('/api/v1/user/passes', session)).json()).therapist;
    expect(await chosen()).toBeNull();

    const HOUR = 3_600_000;
    const past = await therapistOf('senior', 'Вера');
    await createSlot(t.ctx.db, {
      therapistId: past.id,
      clientId: client.id,
      startsAt: new Date(Date.now() - 48 * HOUR),
      status: 'completed',
    });
    expect(await chosen()).toEqual({
      id: t.ctx.hashids.encode('user', past.id),
      first_name: 'Вера',
      last_name: 'Тестова',
      tier: 'senior',
    });

    const next = await therapistOf('expert', 'Нина');
    await createSlot(t.ctx.db, {
      therapistId: next.id,
      clientId: client.id,
      startsAt: new Date(Date.now() + 72 * HOUR),
    });
    expect(await chosen()).toMatchObject({ first_name: 'Нина', tier: 'expert' });

    const held = await therapistOf('standard', 'Ольга');
    await createSlot(t.ctx.db, {
      therapistId: held.id,
      clientId: client.id,
      startsAt: new Date(Date.now() + 96 * HOUR),
      status: 'held',
      holdExpiresAt: new Date(Date.now() + 600_000),
    });
    expect(await chosen()).toMatchObject({ first_name: 'Ольга', tier: 'standard' });
  });

  it('counts the applied code only while it may be used: not barred by the employer, within its dates and the client’s uses', async () => {
    const promoOf = async (session: TSignedIn) => {
      const body = ZPassesResponseSchema.parse((await get('/api/v1/user/passes', session)).json());
      return { promocode: body.promocode, discounted: body.passes.some((p) => p.discount_price < p.price) };
    };
    const offer = await createPass(t.ctx.db, { priceRub: 10_000_00 });

    const used = await signedInClient(t);
    const code = await createPromocode(t.ctx.db, { percentOff: 20, perUserLimit: 1 });
    await applyPromocodeFor(t.ctx.db, used.client.id, code.id);
    expect(await promoOf(used.session)).toEqual({
      promocode: { active: true, description: code.description },
      discounted: true,
    });
    // A purchase in progress does not use it up; a completed one does.
    await createPurchase(t.ctx.db, { userId: used.client.id, passId: offer.id, promocodeId: code.id });
    expect((await promoOf(used.session)).promocode.active).toBe(true);
    await createPurchase(t.ctx.db, {
      userId: used.client.id,
      passId: offer.id,
      promocodeId: code.id,
      status: 'completed',
    });
    expect(await promoOf(used.session)).toEqual({ promocode: { active: false, description: null }, discounted: false });

    const barred = await signedInClient(t);
    await applyPromocodeFor(t.ctx.db, barred.client.id, code.id);
    expect((await promoOf(barred.session)).promocode.active).toBe(true);
    const account = await createBusinessAccount(t.ctx.db);
    const business = await createBusiness(t.ctx.db, { accountUserId: account.id });
    await createEmployee(t.ctx.db, { businessId: business.id, userId: barred.client.id, promocodesBlocked: true });
    expect((await promoOf(barred.session)).promocode.active).toBe(false);

    const late = await signedInClient(t);
    const expired = await createPromocode(t.ctx.db, { expiresAt: new Date(Date.now() - 60_000) });
    await applyPromocodeFor(t.ctx.db, late.client.id, expired.id);
    expect(await promoOf(late.session)).toEqual({ promocode: { active: false, description: null }, discounted: false });
    const early = await createPromocode(t.ctx.db, { startsAt: new Date(Date.now() + 3_600_000) });
    await applyPromocodeFor(t.ctx.db, late.client.id, early.id);
    expect((await promoOf(late.session)).promocode.active).toBe(false);
    const eur = await createPromocode(t.ctx.db, { kind: 'fixed', currency: 'eur', amountOff: 10_00 });
    await applyPromocodeFor(t.ctx.db, late.client.id, eur.id);
    expect((await promoOf(late.session)).promocode.active).toBe(false);
  });

  it('dates a pass to the millisecond and reads one past its expiry as expired', async () => {
    const { client, session } = await signedInClient(t);
    const offer = await createPass(t.ctx.db, {});
    const older = await createClientPass(t.ctx.db, { userId: client.id, passId: offer.id });
    const expiresAt = new Date(Date.now() - 1_234);
    await t.ctx.db.update(clientPasses).set({ expiresAt }).where(eq(clientPasses.id, older.id));
    const newer = await createClientPass(t.ctx.db, { userId: client.id, passId: offer.id, status: 'pending_purchase' });
    const body = ZPassesResponseSchema.parse((await get('/api/v1/user/passes', session)).json());
    expect(body.client_passes).toEqual([
      expect.objectContaining({
        id: t.ctx.hashids.encode('client_pass', newer.id),
        status: 'pending_purchase',
        activated_at: null,
        expires_at: null,
      }),
      expect.objectContaining({
        id: t.ctx.hashids.encode('client_pass', older.id),
        pass_id: t.ctx.hashids.encode('pass', offer.id),
        status: 'expired',
        activated_at: older.activatedAt?.toISOString(),
        expires_at: expiresAt.toISOString(),
      }),
    ]);
  });

  it('admits only clients', async () => {
    const therapist = await signIn(t.app, (await createTherapist(t.ctx.db)).email);
    const business = await signIn(t.app, (await createBusinessAccount(t.ctx.db)).email);
    for (const url of ['/api/v1/user/passes', '/api/v1/user/pass_status']) {
      expect((await get(url, therapist)).statusCode).toBe(403);
      expect((await get(url, business)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
  });
});

describe('GET /api/v1/user/pass_status', () => {
  it('is none for a new client, pending_purchase while paying, active with sessions left, used_up and expired after', async () => {
    const { client, session } = await signedInClient(t);
    const status = async () => ZPassStatusSchema.parse((await get('/api/v1/user/pass_status', session)).json());
    expect(await status()).toEqual({ status: 'none', pass_purchase: null, sessions_left: 0, expires_at: null });

    const pass = await createPass(t.ctx.db);
    const { purchase, clientPass } = await createPurchase(t.ctx.db, { userId: client.id, passId: pass.id });
    const purchaseId = t.ctx.hashids.encode('purchase', purchase.id);
    expect(await status()).toMatchObject({ status: 'pending_purchase', pass_purchase: { id: purchaseId } });

    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    await t.ctx.db
      .update(clientPasses)
      .set({ status: 'active', sessionsLeft: 3, expiresAt })
      .where(eq(clientPasses.id, clientPass.id));
    await t.ctx.db.update(passPurchases).set({ status: 'completed' }).where(eq(passPurchases.id, purchase.id));
    expect(await status()).toEqual({
      status: 'active',
      pass_purchase: { id: purchaseId },
      sessions_left: 3,
      expires_at: expiresAt.toISOString(),
    });

    await t.ctx.db
      .update(clientPasses)
      .set({ status: 'used_up', sessionsLeft: 0 })
      .where(eq(clientPasses.id, clientPass.id));
    expect(await status()).toMatchObject({ status: 'used_up', sessions_left: 0 });

    await t.ctx.db
      .update(clientPasses)
      .set({ status: 'active', sessionsLeft: 2, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(clientPasses.id, clientPass.id));
    expect(await status()).toMatchObject({ status: 'expired', sessions_left: 0 });
    expect((await t.ctx.db.select().from(passes).where(eq(passes.id, pass.id))).length).toBe(1);
  });
});
