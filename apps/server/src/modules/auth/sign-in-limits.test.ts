import { randomUUID } from 'node:crypto';
import { CONSENT_VERSION, ZApiErrorSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createClient, uniqueEmail } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SHARED = {
  REDIS_URL,
  RATE_LIMIT_REDIS_PREFIX: `test:rl:${randomUUID()}:`,
  SIGN_IN_RATE_LIMIT: '3',
  SIGN_IN_ACCOUNT_FREE_FAILURES: '2',
  SIGN_IN_ACCOUNT_BASE_DELAY_MS: '60000',
};
/** One app per setting, built up front (building is the slow part). */
const ENVS = {
  untrusted: { SIGN_IN_RATE_LIMIT: '3' },
  behindProxy: { SIGN_IN_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' },
  delays: {
    TRUST_PROXY: '127.0.0.1',
    SIGN_IN_ACCOUNT_FREE_FAILURES: '3',
    SIGN_IN_ACCOUNT_BASE_DELAY_MS: '500',
    SIGN_IN_ACCOUNT_MAX_DELAY_MS: '1000',
  },
  parallel: { TRUST_PROXY: '127.0.0.1', SIGN_IN_ACCOUNT_FREE_FAILURES: '1', SIGN_IN_ACCOUNT_BASE_DELAY_MS: '300' },
  signUps: { SIGN_UP_RATE_LIMIT: '2' },
  nodeA: SHARED,
  nodeB: SHARED,
} satisfies Record<string, Record<string, string>>;
const apps = {} as Record<keyof typeof ENVS, TTestApp>;
beforeAll(async () => {
  for (const [name, env] of Object.entries(ENVS)) apps[name as keyof typeof ENVS] = await buildTestApp(env);
}, 60_000);
afterAll(async () => {
  await Promise.all(Object.values(apps).map((t) => t.app.close()));
});

const signIn = (t: TTestApp, email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', payload: { email, password }, headers });
const codeOf = (response: { json: () => unknown }) => ZApiErrorSchema.parse(response.json()).error.code;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let address = 0;
/** A fresh client address each call (TEST-NET-3), as a spoofer or a botnet would use. */
const freshAddress = () => `203.0.113.${(address++ % 250) + 1}`;

describe('sign-in limited per address', () => {
  it('ignores X-Forwarded-For from clients when no proxy is trusted (the default): spoofing gets no fresh bucket', async () => {
    const t = apps.untrusted;
    const email = `nobody-${randomUUID()}@example.test`;
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t, email, 'wrong', { 'x-forwarded-for': freshAddress() })).statusCode).toBe(401);
    }
    const spoofed = await signIn(t, email, 'wrong', { 'x-forwarded-for': freshAddress() });
    expect(spoofed.statusCode).toBe(429);
    expect(codeOf(spoofed)).toBe('rate_limited');
  });

  it('takes the client address from a trusted proxy only, and only the hop that proxy added', async () => {
    // inject's socket peer is 127.0.0.1: our proxy.
    const t = apps.behindProxy;
    const email = `nobody-${randomUUID()}@example.test`;
    const client = freshAddress();
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t, email, 'wrong', { 'x-forwarded-for': client })).statusCode).toBe(401);
    }
    // The client puts an address of its choosing in front; the proxy appends the real one.
    const spoofed = await signIn(t, email, 'wrong', { 'x-forwarded-for': `${freshAddress()}, ${client}` });
    expect(spoofed.statusCode).toBe(429);
    // Another client behind the same proxy has a bucket of its own.
    expect((await signIn(t, email, 'wrong', { 'x-forwarded-for': freshAddress() })).statusCode).toBe(401);
  });

  it('refuses a TRUST_PROXY that is neither addresses nor a hop count', async () => {
    await expect(buildTestApp({ TRUST_PROXY: 'everyone' })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('sign-up limited per address', () => {
  it('refuses the sign-up over SIGN_UP_RATE_LIMIT a minute from one address, and creates no account for it', async () => {
    const t = apps.signUps;
    const signUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign_up',
        payload: {
          email,
          password: 'тихий-вечер-у-реки',
          first_name: 'Ирина',
          consent: true,
          consent_version: CONSENT_VERSION,
        },
      });
    expect((await signUp(uniqueEmail('limit'))).statusCode).toBe(200);
    expect((await signUp(uniqueEmail('limit'))).statusCode).toBe(200);
    const refusedEmail = uniqueEmail('limit');
    const refused = await signUp(refusedEmail);
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('rate_limited');
    expect(await t.ctx.db.select().from(users).where(eq(users.email, refusedEmail))).toEqual([]);
  });
});

describe('sign-in limited per account', () => {
  it('makes an account under attack wait longer after each failure, from any address; then the right password works', async () => {
    const t = apps.delays;
    const victim = await createClient(t.ctx.db);
    const other = await createClient(t.ctx.db);
    const from = () => ({ 'x-forwarded-for': freshAddress() });
    for (let i = 0; i < 3; i++) expect((await signIn(t, victim.email, 'wrong', from())).statusCode).toBe(401);

    // Now even the right password waits (it is not tried), whichever address it comes from.
    const waiting = await signIn(t, victim.email, 'demo-password', from());
    expect(waiting.statusCode).toBe(429);
    expect(ZApiErrorSchema.parse(waiting.json()).error.message).toMatch(
      /^Слишком много неудачных попыток входа в этот аккаунт\. Попробуйте снова через \d+ с$/,
    );
    // Other accounts are not affected.
    expect((await signIn(t, other.email, 'demo-password', from())).statusCode).toBe(200);

    // After the wait one attempt goes through; it fails, and the next wait is longer (1 s, the cap).
    await sleep(550);
    expect((await signIn(t, victim.email, 'wrong', from())).statusCode).toBe(401);
    expect((await signIn(t, victim.email, 'demo-password', from())).statusCode).toBe(429);
    await sleep(550);
    expect((await signIn(t, victim.email, 'demo-password', from())).statusCode).toBe(429);

    // Capped, never a lockout: once it is over the right password signs in and clears the count.
    await sleep(500);
    expect((await signIn(t, victim.email, 'demo-password', from())).statusCode).toBe(200);
    expect((await signIn(t, victim.email, 'wrong', from())).statusCode).toBe(401);
    expect((await signIn(t, victim.email, 'demo-password', from())).statusCode).toBe(200);
  });

  it('lets only one of many parallel guesses through when the wait is over', async () => {
    const t = apps.parallel;
    const victim = await createClient(t.ctx.db);
    expect((await signIn(t, victim.email, 'wrong')).statusCode).toBe(401);
    await sleep(350);
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signIn(t, victim.email, `guess-${i}`, { 'x-forwarded-for': freshAddress() })),
    );
    // One guess takes the turn; the others wait behind it.
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429]);
  });
});

describe('limits shared by every node through Redis', () => {
  it('counts attempts on two app instances against one limit, per address and per account', async () => {
    const { nodeA, nodeB } = apps;
    const email = `nobody-${randomUUID()}@example.test`;
    expect((await signIn(nodeA, email, 'wrong')).statusCode).toBe(401);
    expect((await signIn(nodeA, email, 'wrong')).statusCode).toBe(401);
    // The account's two free failures were spent on node A: node B makes it wait too.
    const accountWait = await signIn(nodeB, email, 'wrong');
    expect(accountWait.statusCode).toBe(429);
    expect(ZApiErrorSchema.parse(accountWait.json()).error.message).toMatch(/этот аккаунт/);
    // Three attempts from this address in all (A, A, B): the fourth, on either node, is over the limit.
    for (const node of [nodeA, nodeB]) {
      const limited = await signIn(node, `nobody-${randomUUID()}@example.test`, 'wrong');
      expect(limited.statusCode).toBe(429);
      expect(ZApiErrorSchema.parse(limited.json()).error.message).toMatch(/^Слишком много попыток/);
    }
  });
});
