import { randomBytes } from 'node:crypto';
import { type BrowserContext, expect, test } from '@playwright/test';
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
import { inbound } from './support/video-stats.ts';

/**
 * The video rooms across app nodes: two server processes on two ports share one PostgreSQL database and Redis
 * (REDIS_URL, a prefix of this run's own). The therapist is on node A, the client on node B; they meet in one
 * call, each decodes the other's video and audio, and chat crosses the nodes both ways.
 *
 * Needs the machine's PostgreSQL (postgres://postgres@127.0.0.1:5432, or E2E_POSTGRES_URL) and Redis
 * (redis://127.0.0.1:6379, or E2E_REDIS_URL): skipped when they do not answer, except on CI, where that fails.
 */

test.use({ launchOptions: videoLaunchOptions });

let database: TTestDatabase | null = null;
let server: TVideoServer | null = null;
let seed: TVideoSeed;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const problems = (await Promise.all([postgresProblem(), redisProblem()])).filter((p) => p !== null);
  if (problems.length > 0) {
    const reason = `two app nodes need PostgreSQL and Redis: ${problems.join('; ')}`;
    if (process.env.CI) throw new Error(reason);
    test.skip(true, reason);
    return;
  }
  database = await createTestDatabase();
  server = await startVideoServer({
    databaseUrl: database.url,
    nodes: 2,
    env: {
      REDIS_URL,
      VIDEO_REDIS_PREFIX: `therapy:video:e2e-${randomBytes(6).toString('hex')}:`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  seed = server.seed;
});

test.afterAll(async () => {
  // Hang up first, so neither node waits on open signaling sockets while it shuts down.
  await Promise.all(contexts.map((context) => context.close()));
  await server?.stop();
  await database?.drop();
});

test('a therapist on node A and a client on node B meet in one call: media both ways, chat across', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [nodeA, nodeB] = server?.baseURLs ?? [];
  expect(nodeA).toBeDefined();
  expect(nodeB).toBeDefined();
  expect(nodeA).not.toBe(nodeB);
  contexts.push(await newVideoContext(browser, nodeA ?? ''), await newVideoContext(browser, nodeB ?? ''));
  const therapist = await (contexts[0] as BrowserContext).newPage();
  const client = await (contexts[1] as BrowserContext).newPage();
  await signIn(therapist, '/therapist/auth/sign-in', seed.therapistEmail);
  await signIn(client, '/auth/sign-in', seed.clientEmail);

  await test.step('each signals through its own node', async () => {
    const box = async (page: typeof client, url: string) =>
      (await (await page.request.get(url)).json()) as { signal_url: string };
    expect((await box(therapist, `/api/v1/therapist/users/${seed.clientUid}/videobox`)).signal_url).toContain(
      new URL(nodeA ?? '').host,
    );
    expect((await box(client, '/api/v1/user/slot/videobox')).signal_url).toContain(new URL(nodeB ?? '').host);
  });

  await test.step('both join; each side decodes the other video and audio', async () => {
    await client.goto('/lk/call');
    await passDeviceCheck(client);
    await expect(client.getByText('Ждём, когда подключится Анна Смирнова')).toBeVisible();
    await therapist.goto(`/therapist/clients/${seed.clientUid}/call`);
    await passDeviceCheck(therapist);
    await expect(therapist.getByRole('heading', { name: 'Ирина Котова' })).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Анна Смирнова' })).toBeVisible();
    await expectMediaFlowing(therapist);
    await expectMediaFlowing(client);
    expect((await inbound(therapist)).videoStreams).toBe(1);
    expect((await inbound(client)).videoStreams).toBe(1);
  });

  await test.step('chat crosses the nodes both ways, in order', async () => {
    await therapist.getByRole('button', { name: 'Чат' }).click();
    await therapist.getByLabel('Сообщение').fill('Сообщение с узла A');
    await therapist.getByRole('button', { name: 'Отправить' }).click();
    await expect(client.getByRole('button', { name: /Чат, 1 новое сообщение/ })).toBeVisible();
    await client.getByRole('button', { name: /Чат/ }).click();
    const clientLog = client.getByRole('log', { name: 'Сообщения чата' });
    await expect(clientLog).toContainText('Сообщение с узла A');
    await client.getByLabel('Сообщение').fill('Ответ с узла B');
    await client.getByLabel('Сообщение').press('Enter');
    await expect(therapist.getByRole('log', { name: 'Сообщения чата' }).getByRole('listitem')).toHaveText([
      /Вы.*Сообщение с узла A/,
      /Ирина Котова.*Ответ с узла B/,
    ]);
    await expect(clientLog.getByRole('listitem')).toHaveText([
      /Анна Смирнова.*Сообщение с узла A/,
      /Вы.*Ответ с узла B/,
    ]);
  });
});
