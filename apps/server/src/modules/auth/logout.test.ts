import { ZApiErrorSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/index.ts';
import { createBusinessAccount, createClient, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const sessionsOf = (userId: number) => t.ctx.db.select().from(authSessions).where(eq(authSessions.userId, userId));
const errorCode = (body: unknown) => ZApiErrorSchema.parse(body).error.code;

describe('logout', () => {
  it('signs a therapist out with the CSRF header and sends the browser to /', async () => {
    const therapist = await createTherapist(t.ctx.db);
    const session = await signIn(t.app, therapist.email);
    const response = await t.app.inject({ method: 'POST', url: '/therapist/auth/logout', headers: session.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirect_to: '/' });
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await sessionsOf(therapist.id)).toHaveLength(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/therapist/current', headers: session.headers });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a therapist logout without the CSRF token, or with a wrong one, and keeps the session', async () => {
    const therapist = await createTherapist(t.ctx.db);
    const session = await signIn(t.app, therapist.email);
    for (const headers of [{ cookie: session.cookie }, { cookie: session.cookie, 'x-csrf-token': 'forged' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/therapist/auth/logout', headers });
      expect(response.statusCode).toBe(403);
      expect(errorCode(response.json())).toBe('csrf_invalid');
    }
    expect(await sessionsOf(therapist.id)).toHaveLength(1);
  });

  it('signs a business account out with authenticity_token in a form body or a JSON body', async () => {
    const account = await createBusinessAccount(t.ctx.db);
    const form = await signIn(t.app, account.email);
    const formResponse = await t.app.inject({
      method: 'POST',
      url: '/business/auth/logout',
      headers: { cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `authenticity_token=${encodeURIComponent(form.csrf)}`,
    });
    expect(formResponse.statusCode).toBe(200);
    const json = await signIn(t.app, account.email);
    const jsonResponse = await t.app.inject({
      method: 'POST',
      url: '/business/auth/logout',
      headers: { cookie: json.cookie },
      payload: { authenticity_token: json.csrf },
    });
    expect(jsonResponse.statusCode).toBe(200);
    expect(await sessionsOf(account.id)).toHaveLength(0);
  });

  it('refuses a business logout without authenticity_token', async () => {
    const account = await createBusinessAccount(t.ctx.db);
    const session = await signIn(t.app, account.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/business/auth/logout',
      headers: { cookie: session.cookie },
      payload: { something: 'else' },
    });
    expect(response.statusCode).toBe(403);
    expect(await sessionsOf(account.id)).toHaveLength(1);
  });

  it('signs a client out through the client route', async () => {
    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    const response = await t.app.inject({ method: 'POST', url: '/user/auth/logout', headers: session.headers });
    expect(response.statusCode).toBe(200);
    expect(await sessionsOf(client.id)).toHaveLength(0);
  });

  it("refuses another role's logout route with 403 and keeps the session", async () => {
    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    for (const url of ['/therapist/auth/logout', '/business/auth/logout']) {
      const response = await t.app.inject({ method: 'POST', url, headers: session.headers });
      expect(response.statusCode).toBe(403);
      expect(errorCode(response.json())).toBe('forbidden');
    }
    expect(await sessionsOf(client.id)).toHaveLength(1);
  });

  it('answers 401 to a logout without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/therapist/auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response.json())).toBe('unauthorized');
  });

  it('refuses a logout with a malformed JSON body', async () => {
    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/user/auth/logout',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(response.statusCode).toBe(400);
    expect(await sessionsOf(client.id)).toHaveLength(1);
  });
});
