import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client.ts';
import { promocodes, therapists, users } from '../db/schema/index.ts';
import { createClient } from '../seed/factories.ts';
import { buildTestApp, signIn, startTwoNodes, type TTestApp } from '../test/app.ts';
import { bookingWorld, bookThroughApi } from '../test/booking-world.ts';
import { createReadCache } from './read-cache.ts';
import { cachedReadPaths } from './route.ts';

// Two nodes of one deployment on one database (and one Redis, for their session caches).
let a: TTestApp;
let b: TTestApp;
let env: Record<string, string>;
beforeAll(async () => {
  ({ a, b, env } = await startTwoNodes());
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
});

const get = (node: TTestApp, url: string, headers: { cookie: string }) =>
  node.app.inject({ method: 'GET', url, headers: { cookie: headers.cookie } });

/** The SQL each statement sent while `run` ran, from every way the app reaches its database. */
async function statementsOf(database: TDatabase, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const restore: (() => void)[] = [];
  const spy = (target: Record<string, unknown>, method: string) => {
    const original = target[method];
    if (typeof original !== 'function') return;
    target[method] = function spied(this: unknown, ...args: unknown[]) {
      const first = args[0];
      seen.push(typeof first === 'string' ? first : String((first as { text?: string } | undefined)?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    restore.push(() => {
      target[method] = original;
    });
  };
  spy(client, 'query');
  spy(client, 'exec');
  spy(database as unknown as Record<string, unknown>, 'prepared');
  try {
    await run();
  } finally {
    for (const undo of restore) undo();
  }
  return seen;
}

describe('read cache', () => {
  it('reads only tables whose writes the triggers note, and writes nothing, on every cached route', async () => {
    const routes = [...cachedReadPaths].map((url) => ({ url }));
    expect(routes.map((r) => r.url).sort()).toEqual(
      [
        '/api/v1/therapist/current',
        '/api/v1/user/lk_data',
        '/api/v1/user/lk_widgets',
        '/api/v1/user/me',
        '/api/v1/user/passes',
        '/api/v1/user/slots',
      ].sort(),
    );
    const w = await bookingWorld(a);
    await bookThroughApi(a, w);
    const names = async (query: ReturnType<typeof sql>) =>
      new Set(((await a.ctx.db.execute(query)) as unknown as { rows: { name: string }[] }).rows.map((row) => row.name));
    const noted = await names(
      sql`select distinct event_object_table as name from information_schema.triggers where trigger_name = 'read_changes'`,
    );
    const tables = await names(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    for (const route of routes) {
      const session = route.url.startsWith('/api/v1/therapist') ? w.therapistSession : w.session;
      // A node that has not answered this user yet: every statement of the read runs.
      const fresh = await buildTestApp(env);
      try {
        const statements = await statementsOf(fresh.ctx.database, async () => {
          const response = await get(fresh, route.url, session.headers);
          expect(response.statusCode, `${route.url}: ${response.body}`).toBe(200);
        });
        // The cache's own check, and the sign-in the auth hook loads (the session cache's business, not the read's).
        const reads = statements.filter((text) => !/read_changes|auth_sessions/.test(text));
        expect(reads.length, route.url).toBeGreaterThan(0);
        for (const text of reads) {
          expect(text, route.url).not.toMatch(/\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i);
          for (const match of text.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?(?!\s*\()/gi)) {
            const table = match[1]?.toLowerCase() ?? '';
            if (tables.has(table)) expect(noted.has(table), `${route.url} reads ${table}`).toBe(true);
          }
        }
      } finally {
        await fresh.app.close();
      }
    }
  });

  it("shows a client's own booking at once, on the node that booked and on the other", async () => {
    const w = await bookingWorld(a);
    for (const node of [a, b, a, b]) {
      const before = await get(node, '/api/v1/user/slots', w.session.headers);
      expect(before.json()).toEqual({ upcoming: [], past: [] });
    }
    const booked = await bookThroughApi(a, w);
    for (const node of [b, a]) {
      const after = await get(node, '/api/v1/user/slots', w.session.headers);
      expect(after.json<{ upcoming: { id: string }[] }>().upcoming.map((s) => s.id)).toEqual([booked.id]);
    }
  });

  it("shows the therapist's change to their profile on their clients' pages at once", async () => {
    const w = await bookingWorld(a);
    await bookThroughApi(a, w);
    const name = async (node: TTestApp) =>
      (await get(node, '/api/v1/user/passes', w.session.headers)).json<{ therapist: { last_name: string } | null }>()
        .therapist?.last_name;
    const before = await name(b);
    expect(before).toBe(w.therapist.lastName);
    expect(await name(b)).toBe(before);
    // Written behind the app's back, as an operator or a job would: the trigger still notes it.
    await a.ctx.db.update(users).set({ lastName: 'Переименованная' }).where(eq(users.id, w.therapist.id));
    expect(await name(b)).toBe('Переименованная');
    await a.ctx.db.update(therapists).set({ tier: 'expert' }).where(eq(therapists.userId, w.therapist.id));
    const tier = (await get(a, '/api/v1/user/passes', w.session.headers)).json<{ therapist: { tier: string } }>()
      .therapist.tier;
    expect(tier).toBe('expert');
  });

  it("shows a change everyone's answers depend on (a promo code) to every client at once", async () => {
    const client = await createClient(a.ctx.db, { signedUp: true });
    const session = await signIn(a.app, client.email);
    const [code] = await a.ctx.db
      .insert(promocodes)
      .values({ code: `READ${randomUUID().slice(0, 8)}`, kind: 'percent', percentOff: 10, description: 'Скидка 10%' })
      .returning();
    if (!code) throw new Error('no promo code');
    const applied = await a.app.inject({
      method: 'POST',
      url: '/api/v1/user/promocode',
      headers: session.headers,
      payload: { code: code.code },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const active = async (node: TTestApp) =>
      (await get(node, '/api/v1/user/passes', session.headers)).json<{ promocode: { active: boolean } }>().promocode
        .active;
    expect(await active(b)).toBe(true);
    expect(await active(b)).toBe(true);
    await a.ctx.db.update(promocodes).set({ active: false }).where(eq(promocodes.id, code.id));
    expect(await active(b)).toBe(false);
  });

  it('keeps a copy no longer than its age limit, and loads it anew for a changed user row', async () => {
    const rows: { prepared: number } = { prepared: 0 };
    const database = {
      prepared: async <T>() => {
        rows.prepared++;
        return [{ n: 0, s: '0' }] as T[];
      },
    };
    const cache = createReadCache(database, { maxAgeMs: 50 });
    const user = { id: 1 } as never;
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    expect(await cache.read(user, '/x', load)).toEqual({ loads: 1 });
    expect(await cache.read(user, '/x', load)).toEqual({ loads: 1 });
    // Another copy of the user row (the session cache reloaded it): loaded anew.
    expect(await cache.read({ id: 1 } as never, '/x', load)).toEqual({ loads: 2 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.read(user, '/x', load)).toEqual({ loads: 3 });
    // The copy cannot be changed by whoever gets it.
    const copy = await cache.read(user, '/x', load);
    expect(() => {
      (copy as { loads: number }).loads = 99;
    }).toThrow();
  });

  it('keeps nothing, and checks nothing, where sessions are not cached (no copy could ever be served)', async () => {
    let checks = 0;
    const cache = createReadCache(
      {
        prepared: async <T>() => {
          checks++;
          return [] as T[];
        },
      },
      { sessionsCached: false },
    );
    let loads = 0;
    const user = { id: 1 } as never;
    for (let i = 0; i < 3; i++) await cache.read(user, '/x', async () => ++loads);
    expect({ loads, checks }).toEqual({ loads: 3, checks: 0 });
  });
});
