import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTherapist, DEMO_PASSWORD } from '../../seed/factories.ts';
import { signIn, startTwoNodes, type TTestApp } from '../../test/app.ts';

// Two nodes of one deployment: the same database, the same Redis; each with its own session cache.
let a: TTestApp;
let b: TTestApp;
beforeAll(async () => {
  ({ a, b } = await startTwoNodes());
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
});

const me = (node: TTestApp, cookie: string) =>
  node.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { cookie } });

describe('session cache across nodes', () => {
  it('shares its revocations through Redis', () => {
    expect(a.ctx.sessions.mode).toBe('redis');
    expect(b.ctx.sessions.mode).toBe('redis');
  });

  it('refuses a logged-out session on the next request on every node, however warm its cache was', async () => {
    const therapist = await createTherapist(a.ctx.db);
    const session = await signIn(a.app, therapist.email);
    // Both nodes have served the session, so both hold a copy.
    for (const node of [a, b, a, b]) {
      const current = await node.app.inject({
        method: 'GET',
        url: '/api/v1/therapist/current',
        headers: session.headers,
      });
      expect(current.statusCode).toBe(200);
    }
    const logout = await a.app.inject({ method: 'POST', url: '/therapist/auth/logout', headers: session.headers });
    expect(logout.statusCode).toBe(200);
    for (const node of [b, a]) {
      const after = await node.app.inject({
        method: 'GET',
        url: '/api/v1/therapist/current',
        headers: session.headers,
      });
      expect(after.statusCode).toBe(401);
    }
  });

  it('refuses the session a new sign-in replaced, on the other node too', async () => {
    const client = await createClient(a.ctx.db);
    const first = await signIn(a.app, client.email);
    expect((await me(a, first.cookie)).statusCode).toBe(200);
    expect((await me(b, first.cookie)).statusCode).toBe(200);
    // Signing in again with the old cookie rotates it: the old session ends.
    const again = await b.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_in',
      headers: { cookie: first.cookie },
      payload: { email: client.email, password: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect((await me(a, first.cookie)).statusCode).toBe(401);
    expect((await me(b, first.cookie)).statusCode).toBe(401);
  });

  it('shows a change of the user on every node at once', async () => {
    const client = await createClient(a.ctx.db, { firstName: 'Анна' });
    const session = await signIn(a.app, client.email);
    expect((await me(b, session.cookie)).json()).toMatchObject({ first_name: 'Анна' });
    const update = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/user/signup/profile',
      headers: session.headers,
      payload: { first_name: 'Мария' },
    });
    expect(update.statusCode).toBe(200);
    expect((await me(b, session.cookie)).json()).toMatchObject({ first_name: 'Мария' });
    expect((await me(a, session.cookie)).json()).toMatchObject({ first_name: 'Мария' });
  });
});
