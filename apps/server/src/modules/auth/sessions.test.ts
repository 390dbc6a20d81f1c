import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/index.ts';
import { createClient } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '24' });
});
afterAll(() => t.app.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { cookie } });

describe('session lifetime', () => {
  it('keeps a session that is used within the idle timeout', async () => {
    const client = await createClient(t.ctx.db);
    const { cookie } = await signIn(t.app, client.email);
    await t.ctx.db
      .update(authSessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(authSessions.userId, client.id));
    expect((await me(cookie)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(authSessions).where(eq(authSessions.userId, client.id));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(5_000);
  });

  it('ends a session left idle past the timeout', async () => {
    const client = await createClient(t.ctx.db);
    const { cookie } = await signIn(t.app, client.email);
    await t.ctx.db
      .update(authSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(authSessions.userId, client.id));
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(authSessions).where(eq(authSessions.userId, client.id))).toHaveLength(0);
  });

  it('ends a session past its absolute lifetime even when it is busy', async () => {
    const client = await createClient(t.ctx.db);
    const { cookie } = await signIn(t.app, client.email);
    await t.ctx.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(authSessions.userId, client.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ignores forged and oversized cookies', async () => {
    expect((await me('sid=forged-session-value-of-some-length')).statusCode).toBe(401);
    expect((await me(`sid=${'x'.repeat(5000)}`)).statusCode).toBe(401);
  });
});
