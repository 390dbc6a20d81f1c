import { ZApiErrorSchema, ZSignInResponseSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/index.ts';
import { createBusinessAccount, createClient, createTherapist, uniqueEmail } from '../../seed/factories.ts';
import { buildTestApp, errorAnswerOf, sessionCookieOf, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const signInRequest = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', payload: payload as string, headers });

describe('POST /api/v1/auth/sign_in', () => {
  it.each([
    ['client', createClient],
    ['therapist', createTherapist],
    ['business_account', createBusinessAccount],
  ] as const)('signs a %s in with a session cookie and a CSRF token', async (role, create) => {
    const user = await create(t.ctx.db, { email: uniqueEmail(role) });
    const response = await signInRequest({ email: user.email.toUpperCase(), password: 'demo-password' });
    expect(response.statusCode).toBe(200);
    const body = ZSignInResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ role, email: user.email, tz: 'Europe/Moscow' });
    expect(body.user.hashid).not.toBe(String(user.id));
    expect(body.csrf_token.length).toBeGreaterThanOrEqual(32);
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // 256 random bits in the cookie, and only its hash in the database.
    expect(Buffer.from(cookie?.value ?? '', 'base64url').length).toBe(32);
    const stored = await t.ctx.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(cookie?.value);
  });

  it("refuses a client's right password on the therapist's page, names the client's page and makes no session", async () => {
    const client = await createClient(t.ctx.db, { email: uniqueEmail('wrong-page') });
    const response = await signInRequest({ email: client.email, password: 'demo-password', role: 'therapist' });
    expect(response.statusCode).toBe(403);
    expect(ZApiErrorSchema.parse(response.json()).error.message).toBe(
      'Вы зарегистрированы как клиент: войдите на странице входа для клиентов',
    );
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await t.ctx.db.select().from(authSessions).where(eq(authSessions.userId, client.id))).toHaveLength(0);
    const own = await signInRequest({ email: client.email, password: 'demo-password', role: 'client' });
    expect(own.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const user = await createClient(t.ctx.db);
    const wrong = await signInRequest({ email: user.email, password: 'not-the-password' });
    const unknown = await signInRequest({ email: uniqueEmail('nobody'), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorAnswerOf(wrong)).toEqual(errorAnswerOf(unknown));
    expect(ZApiErrorSchema.parse(wrong.json()).error).toMatchObject({
      code: 'invalid_credentials',
      message: 'Неверный e-mail или пароль',
    });
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('gives a new session id at every sign-in and drops the one the browser had', async () => {
    const user = await createClient(t.ctx.db);
    const first = sessionCookieOf(await signInRequest({ email: user.email, password: 'demo-password' }));
    const second = await signInRequest({ email: user.email, password: 'demo-password' }, { cookie: first });
    expect(sessionCookieOf(second)).not.toBe(first);
    const stale = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { cookie: first } });
    expect(stale.statusCode).toBe(401);
  });

  it.each([
    ['malformed JSON', '{"email": "a@b.c", "password": ', 400, 'malformed_request'],
    ['a body that is not an object', '"just a string"', 422, 'validation_failed'],
    ['wrong types', { email: 42, password: ['x'] }, 422, 'validation_failed'],
    ['missing fields', {}, 422, 'validation_failed'],
    ['an invalid e-mail', { email: 'not-an-email', password: 'whatever-123' }, 422, 'validation_failed'],
  ])('refuses %s with a Russian message', async (_name, payload, status, code) => {
    const response = await signInRequest(payload, { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(status);
    const body = ZApiErrorSchema.parse(response.json());
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(/[а-яё]/i);
  });

  it('names the failing fields in Russian', async () => {
    const response = await signInRequest({ email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    const { fields } = ZApiErrorSchema.parse(response.json()).error;
    expect(fields?.email).toBe('Укажите корректный e-mail');
    expect(fields?.password).toBe('Укажите пароль');
  });

  it('limits the rate of attempts per address', async () => {
    const limited = await buildTestApp({ SIGN_IN_RATE_LIMIT: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sign_in',
          payload: { email: 'x@example.test', password: 'wrong' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(ZApiErrorSchema.parse(blocked.json()).error.code).toBe('rate_limited');
    } finally {
      await limited.app.close();
    }
  });
});
