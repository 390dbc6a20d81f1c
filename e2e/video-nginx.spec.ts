import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { type BrowserContext, expect, test } from '@playwright/test';
import { NGINX_BIN, nginxPort, PROXY_ADDRESS, startNginx, type TNginx } from './support/nginx.ts';
import {
  createTestDatabase,
  postgresProblem,
  REDIS_URL,
  redisProblem,
  type TTestDatabase,
} from './support/shared-services.ts';
import {
  expectMediaFlowing,
  newVideoContext,
  passDeviceCheck,
  signIn,
  videoLaunchOptions,
} from './support/video-page.ts';
import { startVideoServer, type TVideoSeed, type TVideoServer } from './support/video-server.ts';

/**
 * Production's shape: two app nodes behind Debian's nginx, sharing PostgreSQL and Redis, with TRUST_PROXY naming
 * nginx's address and PUBLIC_URL nginx's URL. A call whose participants land on different nodes (WebSockets
 * through nginx), and sign-in limits that hold across the nodes and against a forged X-Forwarded-For.
 *
 * Needs PostgreSQL, Redis and nginx: skipped when one is missing, except on CI, where that fails.
 */

test.use({ launchOptions: videoLaunchOptions });

const SIGN_IN_LIMIT = 6;
let database: TTestDatabase | null = null;
let server: TVideoServer | null = null;
let nginx: TNginx | null = null;
let seed: TVideoSeed;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const problems = (await Promise.all([postgresProblem(), redisProblem()])).filter((p) => p !== null);
  if (!existsSync(NGINX_BIN)) problems.push(`no nginx at ${NGINX_BIN}`);
  if (problems.length > 0) {
    const reason = `two nodes behind nginx need PostgreSQL, Redis and nginx: ${problems.join('; ')}`;
    if (process.env.CI) throw new Error(reason);
    test.skip(true, reason);
    return;
  }
  database = await createTestDatabase();
  const port = nginxPort();
  const run = randomBytes(6).toString('hex');
  server = await startVideoServer({
    databaseUrl: database.url,
    nodes: 2,
    env: {
      REDIS_URL,
      VIDEO_REDIS_PREFIX: `therapy:video:e2e-${run}:`,
      RATE_LIMIT_REDIS_PREFIX: `therapy:rl:e2e-${run}:`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: PROXY_ADDRESS,
      SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  seed = server.seed;
  nginx = await startNginx(port, server.baseURLs);
});

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await nginx?.stop();
  await server?.stop();
  await database?.drop();
});

/** A browser that nginx sends to node `a` or `b` (its sticky cookie). */
async function contextOn(browser: Parameters<typeof newVideoContext>[0], node: 'a' | 'b') {
  const baseURL = nginx?.baseURL ?? '';
  const context = await newVideoContext(browser, baseURL);
  await context.addCookies([{ name: 'e2e_node', value: node, url: baseURL }]);
  contexts.push(context);
  return context;
}

test('a therapist and a client on different nodes behind nginx meet in one call', async ({ browser }) => {
  test.setTimeout(180_000);
  const [nodeA, nodeB] = (server?.baseURLs ?? []).map((url) => new URL(url).port);
  const therapist = await (await contextOn(browser, 'a')).newPage();
  const client = await (await contextOn(browser, 'b')).newPage();
  await signIn(therapist, '/therapist/auth/sign-in', seed.therapistEmail);
  await signIn(client, '/auth/sign-in', seed.clientEmail);

  await test.step('each lands on its own node, and both signal through nginx', async () => {
    const therapistBox = await therapist.request.get(`/api/v1/therapist/users/${seed.clientUid}/videobox`);
    const clientBox = await client.request.get('/api/v1/user/slot/videobox');
    expect(therapistBox.headers()['x-upstream']).toBe(`127.0.0.1:${nodeA}`);
    expect(clientBox.headers()['x-upstream']).toBe(`127.0.0.1:${nodeB}`);
    const signalUrl = `${(nginx?.baseURL ?? '').replace(/^http/, 'ws')}/api/v1/video/signal`;
    expect(((await therapistBox.json()) as { signal_url: string }).signal_url).toBe(signalUrl);
    expect(((await clientBox.json()) as { signal_url: string }).signal_url).toBe(signalUrl);
  });

  await test.step('both join through nginx; media flows both ways; chat crosses the nodes', async () => {
    await client.goto('/lk/call');
    await passDeviceCheck(client);
    await therapist.goto(`/therapist/clients/${seed.clientUid}/call`);
    await passDeviceCheck(therapist);
    await expect(therapist.getByRole('heading', { name: 'Ирина Котова' })).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Анна Смирнова' })).toBeVisible();
    await expectMediaFlowing(therapist);
    await expectMediaFlowing(client);
    await therapist.getByRole('button', { name: 'Чат' }).click();
    await therapist.getByLabel('Сообщение').fill('Через nginx с узла A');
    await therapist.getByRole('button', { name: 'Отправить' }).click();
    await client.getByRole('button', { name: /Чат/ }).click();
    await expect(client.getByRole('log', { name: 'Сообщения чата' })).toContainText('Через nginx с узла A');
  });
});

/** A sign-in through nginx from 127.0.0.3 (a client address of its own), to node `a` or `b`, with a forged X-Forwarded-For. */
function signInAttempt(node: 'a' | 'b', forged: string): Promise<{ status: number; upstream: string; body: string }> {
  const url = new URL('/api/v1/auth/sign_in', nginx?.baseURL);
  const body = JSON.stringify({ email: `nobody-${randomBytes(4).toString('hex')}@example.test`, password: 'wrong' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress: '127.0.0.3',
        headers: {
          'content-type': 'application/json',
          origin: url.origin,
          cookie: `e2e_node=${node}`,
          'x-forwarded-for': forged,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, upstream: String(response.headers['x-upstream']), body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test('sign-in limits are shared by both nodes and a forged X-Forwarded-For gets no fresh bucket', async () => {
  const upstreams = new Set<string>();
  for (let i = 0; i < SIGN_IN_LIMIT; i++) {
    const attempt = await signInAttempt(i % 2 === 0 ? 'a' : 'b', `198.51.100.${i + 1}`);
    expect(attempt.status).toBe(401);
    upstreams.add(attempt.upstream);
  }
  expect(upstreams.size).toBe(2);
  for (const node of ['a', 'b'] as const) {
    const limited = await signInAttempt(node, '198.51.100.200');
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toMatchObject({ error: { code: 'rate_limited' } });
  }
});
