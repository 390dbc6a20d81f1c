import { ZApiErrorSchema, ZCheckoutSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { applyPromocodeFor, createPromocode } from '../../seed/commerce-factories.ts';
import { createBusinessAccount, createTherapist } from '../../seed/factories.ts';
import { signIn } from '../../test/app.ts';
import { buildCommerceTestApp, heldSlotCheckout, signedInClient } from '../../test/commerce.ts';

let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp();
});
afterAll(() => t.app.close());

describe('GET /api/v1/user/checkout', () => {
  it('returns exactly the onboarding checkout data for the held slot, priced as one session of the therapist’s tier', async () => {
    const { client, session } = await signedInClient(t, { currency: 'eur' });
    const { therapist, pass, slot } = await heldSlotCheckout(t.ctx, client.id, { tier: 'senior' });
    const code = await createPromocode(t.ctx.db, {
      kind: 'fixed',
      amountOff: 500_00,
      currency: 'rub',
      description: 'Скидка 500 ₽',
    });
    await applyPromocodeFor(t.ctx.db, client.id, code.id);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/checkout', headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = ZCheckoutSchema.strict().parse(response.json());
    expect(body).toEqual({
      currency: 'eur',
      payment_methods: [
        { key: 'cloud_payments', currency: 'rub', price: 3_500_00, discount_price: 3_000_00 },
        { key: 'stripe', currency: 'eur', price: 40_00, discount_price: 40_00 },
      ],
      // The code lowers rouble prices only, and the client pays in euros.
      promocode: { active: false, description: null },
      therapy_type: 'single',
      therapist: {
        id: t.ctx.hashids.encode('user', therapist.id),
        first_name: therapist.firstName,
        last_name: therapist.lastName,
        userpic_url: '/avatars/t.jpg',
        picture: { transparent_thumb: '/avatars/t.jpg' },
      },
      scheduled_on: slot.startsAt.toISOString(),
      pass_id: t.ctx.hashids.encode('pass', pass.id),
      slot_hashid: t.ctx.hashids.encode('slot', slot.id),
    });
    const rub = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/set_currency',
      headers: session.headers,
      payload: { currency: 'rub' },
    });
    expect(rub.json()).toEqual({ currency: 'rub' });
    const again = ZCheckoutSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/checkout', headers: session.headers })).json(),
    );
    expect(again).toMatchObject({ currency: 'rub', promocode: { active: true, description: 'Скидка 500 ₽' } });
  });

  it('answers 404 in Russian without a held slot (none, or a lapsed hold)', async () => {
    const { client, session } = await signedInClient(t);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/user/checkout', headers: session.headers });
    expect(none.statusCode).toBe(404);
    expect(ZApiErrorSchema.parse(none.json()).error.message).toContain('Нет выбранного времени сессии');
    await heldSlotCheckout(t.ctx, client.id, { holdMinutes: -5 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/checkout', headers: session.headers })).statusCode,
    ).toBe(404);
  });

  it('admits only clients', async () => {
    const therapist = await signIn(t.app, (await createTherapist(t.ctx.db)).email);
    const business = await signIn(t.app, (await createBusinessAccount(t.ctx.db)).email);
    for (const headers of [therapist.headers, business.headers]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/checkout', headers })).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/v1/user/set_currency', headers, payload: { currency: 'eur' } }))
          .statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/checkout' })).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/user/set_currency', () => {
  it('switches the currency, and refuses bad input, no CSRF and malformed JSON without a change', async () => {
    const { client, session } = await signedInClient(t);
    const currencyOf = async () => (await t.ctx.db.select().from(users).where(eq(users.id, client.id)))[0]?.currency;
    const put = (payload: unknown, headers: Record<string, string> = session.headers) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/set_currency',
        headers,
        payload: payload as Record<string, unknown>,
      });
    for (const payload of [{}, { currency: 'usd' }, { currency: 'EUR' }, { currency: 1 }]) {
      const response = await put(payload);
      expect(response.statusCode).toBe(422);
      expect(ZApiErrorSchema.parse(response.json()).error.fields).toHaveProperty('currency');
    }
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/set_currency',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{currency',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await put({ currency: 'eur' }, { cookie: session.cookie })).statusCode).toBe(403);
    expect(await currencyOf()).toBe('rub');
    expect((await put({ currency: 'eur' })).json()).toEqual({ currency: 'eur' });
    expect(await currencyOf()).toBe('eur');
  });
});
