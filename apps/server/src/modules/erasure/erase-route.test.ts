import { CONSENT_VERSION, ZApiErrorSchema, ZTherapistClientDetailSchema } from '@therapy/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSessions, clientProfiles, slots, users } from '../../db/schema/index.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import {
  createBusinessAccount,
  createClient,
  createSlot,
  createTherapist,
  DEMO_PASSWORD,
} from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';
import { clientWithEverything } from '../../test/erasure-world.ts';
import { loadSlotMail } from '../notifications/load-slot-mail.ts';
import { renderBookingCancelled } from '../notifications/render-booking-cancelled.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const erase = (headers: Record<string, string>, password: unknown = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/erase', headers, payload: { password } });

describe('POST /api/v1/user/erase: who may', () => {
  it('answers 401 without a session and 403 to a therapist or a business account', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/user/erase', payload: { password: 'x' } })).statusCode,
    ).toBe(401);
    for (const user of [await createTherapist(t.ctx.db), await createBusinessAccount(t.ctx.db)]) {
      const response = await erase((await sessionOf(t, user)).headers);
      expect(response.statusCode).toBe(403);
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.erasedAt).toBeNull();
    }
  });
});

describe('POST /api/v1/user/erase with a wrong password', () => {
  it('answers 422 in Russian on the password and changes nothing', async () => {
    const w = await clientWithEverything(t);
    const snapshot = async () => ({
      user: await t.ctx.db.select().from(users).where(eq(users.id, w.client.id)),
      slots: await t.ctx.db.select().from(slots).where(eq(slots.clientId, w.client.id)).orderBy(slots.id),
      sessions: await t.ctx.db.select().from(authSessions).where(eq(authSessions.userId, w.client.id)),
      profile: await t.ctx.db.select().from(clientProfiles).where(eq(clientProfiles.userId, w.client.id)),
      audit: await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, w.client.id)).orderBy(auditLog.id),
    });
    const before = await snapshot();
    const response = await erase(w.headers, 'не-тот-пароль');
    expect(response.statusCode).toBe(422);
    const error = ZApiErrorSchema.parse(response.json()).error;
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({ password: 'Пароль указан неверно' });
    expect(await snapshot()).toEqual(before);
    // The session still works.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: w.headers })).statusCode).toBe(200);
    // An empty password is the form's own error.
    expect((await erase(w.headers, '')).statusCode).toBe(422);
  });
});

describe('after the erasure', () => {
  it('the session is gone, the old e-mail does not sign in, and it signs up again as a new person', async () => {
    const w = await clientWithEverything(t);
    const response = await erase(w.headers);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: w.headers })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_in',
      payload: { email: w.email, password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    expect(ZApiErrorSchema.parse(signIn.json()).error).toMatchObject({
      code: 'invalid_credentials',
      message: 'Неверный e-mail или пароль',
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      payload: {
        email: w.email,
        password: 'новый-человек-новый-пароль',
        first_name: 'Новая',
        consent: true,
        consent_version: CONSENT_VERSION,
      },
    });
    expect(again.statusCode).toBe(200);
    const [fresh] = await t.ctx.db.select().from(users).where(sql`lower(${users.email}) = ${w.email.toLowerCase()}`);
    expect(fresh?.id).not.toBe(w.client.id);
    expect(fresh?.erasedAt).toBeNull();
  });

  it('the therapist’s lists, client page and upcoming sessions read «Клиент удалил аккаунт» and do not fail', async () => {
    const w = await clientWithEverything(t);
    expect((await erase(w.headers)).statusCode).toBe(200);
    const hashid = t.ctx.hashids.encode('user', w.client.id);
    const headers = w.therapistSession.headers;

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/therapist/users', headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ hashid: string; name: string }[]>().find((c) => c.hashid === hashid);
    expect(listed).toMatchObject({ name: 'Клиент удалил аккаунт', first_name: '', last_name: '' });

    const page = await t.app.inject({ method: 'GET', url: `/api/v1/therapist/users/${hashid}`, headers });
    expect(page.statusCode).toBe(200);
    const detail = ZTherapistClientDetailSchema.parse(page.json());
    expect(detail.client.name).toBe('Клиент удалил аккаунт');
    expect(detail.answers).toMatchObject({ age: null, therapy_type: null, topics: [] });
    // The past session stays as history, without the therapist's note on it.
    expect(detail.past.map((s) => [s.status, s.post_session_form])).toContainEqual(['completed', null]);
    expect(detail.upcoming).toEqual([]);
    expect(page.body).not.toContain(w.email);

    const upcoming = await t.app.inject({ method: 'GET', url: '/api/v1/therapist/sessions/upcoming', headers });
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.body).not.toContain(w.needles.firstName);

    // In English too.
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/v1/therapist/users/${hashid}`,
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(ZTherapistClientDetailSchema.parse(en.json()).client.name).toBe('The client deleted their account');
  });

  it('the videobox and the statistics do not fail on an erased client; a couple session names the erased partner so', async () => {
    const w = await clientWithEverything(t);
    // A couple session ahead of another client, with the erased one as the partner who joins the call.
    const main = await createClient(t.ctx.db, { firstName: 'Основная', lastName: 'Клиентка' });
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: main.id,
      partnerClientId: w.client.id,
      therapyType: 'couple',
      startsAt: new Date(Date.now() + 2 * 3_600_000),
    });
    expect((await erase(w.headers)).statusCode).toBe(200);
    const headers = w.therapistSession.headers;
    const hashid = t.ctx.hashids.encode('user', w.client.id);
    const videobox = await t.app.inject({ method: 'GET', url: `/api/v1/therapist/users/${hashid}/videobox`, headers });
    expect(videobox.statusCode).toBeLessThan(500);
    expect(videobox.body).not.toContain(w.email);
    const metrics = await t.app.inject({ method: 'GET', url: '/api/v1/therapist/metrics', headers });
    expect(metrics.statusCode).toBe(200);
    const upcoming = await t.app.inject({ method: 'GET', url: '/api/v1/therapist/sessions/upcoming', headers });
    expect(upcoming.statusCode).toBe(200);
    const couple = upcoming
      .json<{ sessions: { client: { name: string; partner_name: string | null } }[] }>()
      .sessions.find((s) => s.client.name === 'Основная Клиентка');
    expect(couple?.client.partner_name).toBe('Клиент удалил аккаунт');
  });

  it('the therapist’s mail says the client deleted their account, and goes to no one else', async () => {
    const w = await clientWithEverything(t);
    expect((await erase(w.headers)).statusCode).toBe(200);
    const data = await loadSlotMail(t.ctx.db, t.ctx.hashids, w.futureSlotId);
    if (!data) throw new Error('no slot');
    const mails = renderBookingCancelled(data, {
      sessionReturned: true,
      by: 'erased',
      publicUrl: publicBaseUrl(t.ctx.config),
    });
    expect(mails.map((m) => m.to)).toEqual([w.therapist.email]);
    expect(mails[0]?.subject).toMatch(/отменена: клиент удалил аккаунт$/);
    expect(mails[0]?.text).toContain('Клиент удалил аккаунт, поэтому сессия');
    for (const needle of [w.email, w.needles.firstName, w.needles.lastName]) {
      expect(JSON.stringify(mails)).not.toContain(needle);
    }
  });
});

describe('the audit trail’s one exception for erasure', () => {
  it('lets only an erased account’s own entries forget their address and browser, and nothing else', async () => {
    const w = await clientWithEverything(t);
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.ctx.db.execute(statement);
        return 'allowed';
      } catch (error) {
        return `${(error as Error).message} ${(error as { cause?: Error }).cause?.message ?? ''}`;
      }
    };
    // Not erased yet: refused, as every update is.
    expect(
      await refusal(sql`update audit_log set ip = null, user_agent = null where actor_id = ${w.client.id}`),
    ).toMatch(/append-only: UPDATE refused/);
    expect((await erase(w.headers)).statusCode).toBe(200);
    // Erased: anything beyond forgetting the address and browser is still refused, and so is a delete.
    expect(
      await refusal(
        sql`update audit_log set action = 'forged', ip = null, user_agent = null where actor_id = ${w.client.id}`,
      ),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`update audit_log set ip = '203.0.113.1' where actor_id = ${w.client.id}`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from audit_log where actor_id = ${w.client.id}`)).toMatch(
      /append-only: DELETE refused/,
    );
    // The therapist's read of the erased client's page keeps the therapist's address.
    expect(
      await refusal(sql`update audit_log set ip = null, user_agent = null where actor_id = ${w.therapist.id}`),
    ).toMatch(/append-only: UPDATE refused/);
    const own = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, w.client.id));
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((entry) => entry.ip === null && entry.userAgent === null)).toBe(true);
  });
});
