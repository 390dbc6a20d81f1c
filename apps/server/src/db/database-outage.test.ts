import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createClient } from '../seed/factories.ts';
import { signIn, type TSignedIn } from '../test/app.ts';
import { startTcpProxy, type TTcpProxy } from '../test/tcp-proxy.ts';
import { openDatabase, type TDatabase } from './client.ts';

// PostgreSQL behind a relay the test cuts: the outage of a real server, without stopping it.
const serverUrl = inject('testDatabaseUrl');

type TShot = { route: string; started: number; ms: number; status: number; body: { error?: { code?: string } } };

let proxy: TTcpProxy;
let database: TDatabase;
let app: FastifyInstance;
let session: TSignedIn;
let email: string;

describe.skipIf(!serverUrl)('PostgreSQL outage', () => {
  beforeAll(async () => {
    const target = new URL(serverUrl ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(target);
    proxied.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase({ url: proxied.toString(), connectTimeoutMs: 1_500 });
    const config = loadConfig({
      APP_ENV: 'test',
      LOG_LEVEL: 'silent',
      SIGN_IN_RATE_LIMIT: '10000',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    app = await buildApp({ config, database, logger: false });
    email = (await createClient(database.db)).email;
    session = await signIn(app, email);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
  });

  const shoot = async (route: string): Promise<TShot> => {
    const started = Date.now();
    const request =
      route === 'sign_in'
        ? { method: 'POST' as const, url: '/api/v1/auth/sign_in', payload: { email, password: 'wrong-password-1' } }
        : { method: 'GET' as const, url: route, headers: route.startsWith('/api/') ? session.headers : {} };
    const response = await app.inject(request);
    return { route, started, ms: Date.now() - started, status: response.statusCode, body: response.json() };
  };
  const ROUTES = ['/api/v1/user/me', 'sign_in', '/api/v1/user/suggestions', '/readyz', '/healthz'];

  /** Traffic until `stop` says so: every route over and over, a few at a time. */
  async function traffic(shots: TShot[], stop: () => boolean) {
    while (!stop()) {
      shots.push(...(await Promise.all(ROUTES.map(shoot))));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('answers 503 in our shape within 2 s while the database is away, stays up, and recovers within 5 s', {
    timeout: 60_000,
  }, async () => {
    for (const shot of await Promise.all(ROUTES.map(shoot))) {
      expect(shot.status, `${shot.route} before the outage`).toBe(shot.route === 'sign_in' ? 401 : 200);
    }

    const during: TShot[] = [];
    let outage = true;
    proxy.cut();
    const cutAt = Date.now();
    const running = traffic(during, () => !outage);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    outage = false;
    await running;
    proxy.restore();
    const restoredAt = Date.now();

    const api = during.filter((s) => s.route !== '/healthz' && s.route !== '/readyz' && s.started >= cutAt);
    expect(api.length).toBeGreaterThan(20);
    for (const shot of api) {
      expect(shot.status, shot.route).toBe(503);
      expect(shot.body.error?.code).toBe('unavailable');
      expect(shot.ms, shot.route).toBeLessThan(2_000);
    }
    const ready = during.filter((s) => s.route === '/readyz');
    expect(ready.every((s) => s.status === 503 && s.ms < 2_000)).toBe(true);
    expect(ready.at(-1)?.body).toMatchObject({ status: 'not_ready', checks: { database: { status: 'failed' } } });
    expect(during.filter((s) => s.route === '/healthz').every((s) => s.status === 200)).toBe(true);

    // Back: every route works again within 5 s, without a restart.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - restoredAt < 10_000) {
      const shots = await Promise.all(ROUTES.map(shoot));
      if (shots.every((s) => s.status === (s.route === 'sign_in' ? 401 : 200))) recoveredAt = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recoveredAt, 'recovered').toBeGreaterThan(0);
    expect(recoveredAt - restoredAt).toBeLessThan(5_000);
    expect((await shoot('/readyz')).body).toMatchObject({ status: 'ready', checks: { database: { status: 'ok' } } });
    expect((await signIn(app, email)).cookie).toBeTruthy();
  });
});
