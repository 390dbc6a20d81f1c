import { ZActiveSessionsResponseSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createClient, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';
import { createSession, SESSION_COOKIE } from './sessions.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A session signed in elsewhere: its cookie header. */
async function elsewhere(userId: number, meta: { userAgent?: string; ip?: string }) {
  const { token } = await createSession(t.ctx, userId, meta);
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers }).then((r) => r.statusCode);

async function list(headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers });
  expect(response.statusCode).toBe(200);
  return ZActiveSessionsResponseSchema.parse(response.json()).sessions;
}

describe('active sessions', () => {
  it('lists the current session first, then the others by last use, with device and approximate place', async () => {
    const client = await createClient(t.ctx.db);
    await elsewhere(client.id, { userAgent: SAFARI_IPHONE, ip: '77.88.8.8' });
    await elsewhere(client.id, { userAgent: 'curl/8.0', ip: '2a02:6b8::feed:ff' });
    await elsewhere(client.id, {});
    const current = await signIn(t.app, client.email);
    const sessions = await list(current.headers);
    expect(sessions).toHaveLength(4);
    expect(sessions[0]).toMatchObject({ current: true, place: { kind: 'local' } });
    const phone = sessions.find((s) => s.device?.os?.startsWith('iOS'));
    expect(phone).toMatchObject({
      current: false,
      device: { browser: 'Safari 17', os: 'iOS 17.5', type: 'mobile' },
      ip: '77.88.8.8',
      place: { kind: 'country', country_code: 'RU' },
    });
    expect(sessions.find((s) => s.ip === '2a02:6b8::feed:ff')?.place).toEqual({ kind: 'country', country_code: 'RU' });
    // No address, no device: nothing is guessed.
    expect(sessions.find((s) => s.ip === null)).toMatchObject({ place: null, device: null });
    // Ids are opaque and are not the cookie.
    expect(sessions.every((s) => /^[0-9a-f]{32}$/.test(s.id) && !current.cookie.includes(s.id))).toBe(true);
  });

  it('reads the browser and system of a desktop browser', async () => {
    const client = await createClient(t.ctx.db);
    const { cookie } = await elsewhere(client.id, { userAgent: CHROME_WINDOWS, ip: '127.0.0.1' });
    const [session] = await list({ cookie });
    expect(session?.device).toEqual({ browser: 'Chrome 131', os: 'Windows 10', type: 'desktop' });
  });

  it('ends one other session: its cookie stops working, the rest go on, and the trail records it', async () => {
    const client = await createClient(t.ctx.db);
    const phone = await elsewhere(client.id, { userAgent: SAFARI_IPHONE });
    const laptop = await elsewhere(client.id, { userAgent: CHROME_WINDOWS });
    const current = await signIn(t.app, client.email);
    const target = (await list(current.headers)).find((s) => s.device?.type === 'mobile');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${target?.id}`,
      headers: current.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(ZActiveSessionsResponseSchema.parse(response.json()).sessions).toHaveLength(2);
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(200);
    expect(await me(current.headers)).toBe(200);
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, client.id));
    expect(entries.map((e) => e.action)).toEqual(['session_ended']);
  });

  it('refuses the current session (that is «Выйти») and another user’s session', async () => {
    const client = await createClient(t.ctx.db);
    const stranger = await createTherapist(t.ctx.db);
    const strangers = await elsewhere(stranger.id, {});
    const strangerId = (await list(strangers))[0]?.id;
    const current = await signIn(t.app, client.email);
    const own = (await list(current.headers))[0]?.id;
    const mine = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${own}`,
      headers: current.headers,
    });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error.message).toBe('Это текущий сеанс: чтобы завершить его, нажмите «Выйти»');
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${strangerId}`,
      headers: current.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await me(strangers)).toBe(200);
    expect(await me(current.headers)).toBe(200);
  });

  it('ends every other session at once', async () => {
    const client = await createClient(t.ctx.db);
    const others = [await elsewhere(client.id, {}), await elsewhere(client.id, {})];
    const current = await sessionOf(t, client);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/end_others',
      headers: current.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(ZActiveSessionsResponseSchema.parse(response.json()).sessions).toMatchObject([{ current: true }]);
    for (const other of others) expect(await me(other)).toBe(401);
    expect(await me(current.headers)).toBe(200);
  });
});

describe('changing the password', () => {
  const change = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password', headers, payload });

  it('refuses a wrong current password on its field and ends nothing', async () => {
    const client = await createClient(t.ctx.db);
    const other = await elsewhere(client.id, {});
    const current = await signIn(t.app, client.email);
    const response = await change(current.headers, {
      current_password: 'not-the-password',
      new_password: 'a brand new passphrase',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual({ current_password: 'Текущий пароль указан неверно' });
    expect(await me(other)).toBe(200);
  });

  it('changes it and ends every other session; the old password no longer signs in, the new one does', async () => {
    const client = await createClient(t.ctx.db);
    const others = [await elsewhere(client.id, {}), await elsewhere(client.id, {})];
    const current = await signIn(t.app, client.email);
    const response = await change(current.headers, {
      current_password: 'demo-password',
      new_password: 'a brand new passphrase',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended_sessions: 2 });
    for (const other of others) expect(await me(other)).toBe(401);
    expect(await me(current.headers)).toBe(200);
    await expect(signIn(t.app, client.email)).rejects.toThrow(/401/);
    await signIn(t.app, client.email, 'a brand new passphrase');
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, client.id));
    expect(entries).toMatchObject([{ action: 'password_changed', details: { ended_sessions: 2 } }]);
  });

  it('refuses a common password', async () => {
    const client = await createClient(t.ctx.db);
    const current = await signIn(t.app, client.email);
    const response = await change(current.headers, { current_password: 'demo-password', new_password: 'password123' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('weak_password');
  });
});
