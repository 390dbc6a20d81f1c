import { ZClientSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passPurchases, paymentCards } from '../../db/schema/index.ts';
import { createCard, createPurchase } from '../../seed/commerce-factories.ts';
import { createBusinessAccount, createPass, createTherapist } from '../../seed/factories.ts';
import { signIn } from '../../test/app.ts';
import { buildCommerceTestApp, signedInClient } from '../../test/commerce.ts';

let t: Awaited<ReturnType<typeof buildCommerceTestApp>>;
beforeAll(async () => {
  t = await buildCommerceTestApp();
});
afterAll(() => t.app.close());

describe('GET and DELETE /api/v1/user/card', () => {
  it('shows the client (spec §3: currency, payment_info) with the saved card, and deleting it is a state that leaves purchases untouched', async () => {
    const { client, session } = await signedInClient(t);
    const other = await signedInClient(t, { currency: 'eur' });
    await createCard(t.ctx.db, { userId: other.client.id, cardLast: '1111' });
    const pass = await createPass(t.ctx.db);
    const { purchase } = await createPurchase(t.ctx.db, { userId: client.id, passId: pass.id, status: 'completed' });
    await createCard(t.ctx.db, { userId: client.id, paymentMethodKey: 'stripe', cardLast: '4444' });

    const shown = await t.app.inject({ method: 'GET', url: '/api/v1/user/card', headers: session.headers });
    expect(ZClientSchema.parse(shown.json())).toEqual({
      currency: 'rub',
      payment_info: { payment_method_key: 'stripe', card_last: '4444' },
    });

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/v1/user/card', headers: session.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ currency: 'rub', payment_info: { payment_method_key: null, card_last: null } });
    const rows = await t.ctx.db.select().from(paymentCards).where(eq(paymentCards.userId, client.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.deletedAt).not.toBeNull();
    expect(await t.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchase.id))).toEqual([purchase]);
    // The other client's card is theirs alone.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/user/card', headers: other.session.headers });
    expect(theirs.json()).toEqual({
      currency: 'eur',
      payment_info: { payment_method_key: 'cloud_payments', card_last: '1111' },
    });

    const empty = await t.app.inject({ method: 'GET', url: '/api/v1/user/card', headers: session.headers });
    expect(empty.json()).toEqual({ currency: 'rub', payment_info: { payment_method_key: null, card_last: null } });
    const again = await t.app.inject({ method: 'DELETE', url: '/api/v1/user/card', headers: session.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { code: 'not_found', message: 'Сохранённой карты нет' } });
  });

  it('refuses other roles, no session, and a DELETE without CSRF (the card stays)', async () => {
    const { client, session } = await signedInClient(t);
    await createCard(t.ctx.db, { userId: client.id });
    const noCsrf = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/card',
      headers: { cookie: session.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    const therapist = await signIn(t.app, (await createTherapist(t.ctx.db)).email);
    const business = await signIn(t.app, (await createBusinessAccount(t.ctx.db)).email);
    for (const headers of [therapist.headers, business.headers]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/card', headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/user/card', headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/card' })).statusCode).toBe(401);
    const [card] = await t.ctx.db.select().from(paymentCards).where(eq(paymentCards.userId, client.id));
    expect(card?.deletedAt).toBeNull();
  });
});
