import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';

/**
 * Issue 4, the video call in two real browsers (Debian's Chromium with a fake camera and microphone): a therapist
 * and a client sign in, pass the device check and join; each side decodes the other's video and audio; chat, a
 * muted microphone, a screen share and a reload; the therapist ends the session and the client rates it. Someone
 * who is not in the session is refused.
 *
 * A session must be inside its join window, so this file runs a server of its own: a fresh data folder gets the
 * demo world and one session that started a minute ago, from the server's seed factories (the embedded database
 * can only be opened by one process, so it is written before the server starts).
 */

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  },
});

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'demo-password';

type TSeed = { therapistEmail: string; clientEmail: string; clientUid: string; slotHashid: string };

/** Runs in the fresh data folder before the server starts: the demo world plus a session starting now. */
const SEED_SCRIPT = `
const root = process.env.REPO_ROOT;
const { loadConfig } = await import(root + '/apps/server/src/config.ts');
const { openDatabase } = await import(root + '/apps/server/src/db/client.ts');
const { seedDemoIfEmpty } = await import(root + '/apps/server/src/seed/demo.ts');
const { createClient, createSlot, createTherapist, uniqueEmail } = await import(root + '/apps/server/src/seed/factories.ts');
const { createHashids } = await import(root + '/apps/server/src/lib/ids.ts');
const path = await import('node:path');
const config = loadConfig(process.env);
const database = await openDatabase({ dataDir: path.join(path.resolve(config.DATA_DIR), 'pglite') });
await database.migrate();
await seedDemoIfEmpty(database.db);
const db = database.db;
let therapist = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'therapist@example.com') });
const client = await createClient(db, { email: uniqueEmail('video-client'), firstName: 'Ирина', lastName: 'Котова', signedUp: true });
// Started a minute ago: inside the join window, and a session that has begun can be rated.
const startsAt = new Date(Date.now() - 60_000);
let slot;
try {
  slot = await createSlot(db, { therapistId: therapist.id, clientId: client.id, startsAt });
} catch {
  // A demo session of therapist@example.com happens to be now: a therapist of our own then.
  therapist = await createTherapist(db, { email: uniqueEmail('video-therapist'), firstName: 'Анна', lastName: 'Смирнова' });
  slot = await createSlot(db, { therapistId: therapist.id, clientId: client.id, startsAt });
}
const hashids = createHashids(config.SQIDS_ALPHABET);
console.log(JSON.stringify({
  therapistEmail: therapist.email,
  clientEmail: client.email,
  clientUid: hashids.encode('user', client.id),
  slotHashid: hashids.encode('slot', slot.id),
}));
await database.close();
`;

// The e2e project has no DOM types: what the page functions below touch, typed by hand.
type TStat = { type: string; kind?: string; framesDecoded?: number; packetsReceived?: number };
type TPeerConnection = {
  connectionState: string;
  getStats: () => Promise<{ forEach: (f: (s: TStat) => void) => void }>;
};
type TPage = { __pcs: TPeerConnection[]; RTCPeerConnection: new (config?: unknown) => TPeerConnection };
type TVideo = { videoWidth: number };

/** Collects the page's RTCPeerConnections, so the test can read their getStats(). */
function recordPeerConnections() {
  const page = globalThis as unknown as TPage;
  const Native = page.RTCPeerConnection;
  const list: TPeerConnection[] = [];
  page.__pcs = list;
  page.RTCPeerConnection = class extends (Native as unknown as new (config?: unknown) => object) {
    constructor(config?: unknown) {
      super(config);
      list.push(this as unknown as TPeerConnection);
    }
  } as unknown as TPage['RTCPeerConnection'];
}

type TInbound = { videoStreams: number; framesDecoded: number; audioPackets: number };

/** What the page receives now, summed over its open connections: decoded videos and frames, audio packets. */
function inbound(page: Page): Promise<TInbound> {
  return page.evaluate(async () => {
    const pcs = (globalThis as unknown as TPage).__pcs.filter((pc) => pc.connectionState !== 'closed');
    const result = { videoStreams: 0, framesDecoded: 0, audioPackets: 0 };
    for (const pc of pcs) {
      (await pc.getStats()).forEach((stat) => {
        if (stat.type !== 'inbound-rtp') return;
        if (stat.kind === 'video') {
          if ((stat.framesDecoded ?? 0) > 0) result.videoStreams += 1;
          result.framesDecoded += stat.framesDecoded ?? 0;
        } else if (stat.kind === 'audio') {
          result.audioPackets += stat.packetsReceived ?? 0;
        }
      });
    }
    return result;
  });
}

const videoWidth = (video: unknown) => (video as TVideo).videoWidth;

/** Decoded video frames and audio packets keep coming in. */
async function expectMediaFlowing(page: Page, videoStreams = 1) {
  await expect
    .poll(async () => (await inbound(page)).videoStreams, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(videoStreams);
  const before = await inbound(page);
  await expect
    .poll(async () => (await inbound(page)).framesDecoded, { timeout: 10_000 })
    .toBeGreaterThan(before.framesDecoded + 10);
  await expect
    .poll(async () => (await inbound(page)).audioPackets, { timeout: 10_000 })
    .toBeGreaterThan(before.audioPackets);
}

async function signIn(page: Page, signInPath: string, email: string) {
  await page.goto(signInPath);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

async function passDeviceCheck(page: Page) {
  await expect(page.getByRole('heading', { name: 'Проверка оборудования' })).toBeVisible();
  // The preview shows our own camera before we join.
  await expect.poll(() => page.locator('video').first().evaluate(videoWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Всё работает' }).click();
}

let server: ChildProcess | null = null;
let dataDir = '';
let baseURL = '';
let seed: TSeed;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'therapy-video-e2e-'));
  const script = path.join(dataDir, 'seed-video-session.mjs');
  writeFileSync(script, SEED_SCRIPT);
  const env = { ...process.env, REPO_ROOT: ROOT, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const output = execFileSync(process.execPath, [script], { cwd: ROOT, env, encoding: 'utf8' });
  seed = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as TSeed;

  const port = 3300 + Math.floor(Math.random() * 600);
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/healthz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: { width: 1280, height: 800 },
    permissions: ['camera', 'microphone'],
  });
  await context.addInitScript(recordPeerConnections);
  return context;
}

test('a therapist and a client hold a video session, chat, share a screen, end it and rate it', async ({ browser }) => {
  test.setTimeout(240_000);
  const therapist = await (await newContext(browser)).newPage();
  const client = await (await newContext(browser)).newPage();
  await signIn(therapist, '/therapist/auth/sign-in', seed.therapistEmail);
  await signIn(client, '/auth/sign-in', seed.clientEmail);

  await test.step('both pass the device check and join; each side decodes video and audio', async () => {
    await client.goto('/lk/call');
    await passDeviceCheck(client);
    await expect(client.getByText('Ждём, когда подключится Анна Смирнова')).toBeVisible();
    await therapist.goto(`/therapist/clients/${seed.clientUid}/call`);
    await passDeviceCheck(therapist);
    await expect(therapist.getByRole('heading', { name: 'Ирина Котова' })).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Анна Смирнова' })).toBeVisible();
    await expectMediaFlowing(therapist);
    await expectMediaFlowing(client);
    await expect(client.getByText(/^Остал(ась|ось) \d+ минут/)).toBeVisible();
  });

  await test.step('a chat message arrives, in order on both sides', async () => {
    await therapist.getByRole('button', { name: 'Чат' }).click();
    await therapist.getByLabel('Сообщение').fill('Здравствуйте, Ирина! Меня хорошо слышно?');
    await therapist.getByRole('button', { name: 'Отправить' }).click();
    // Unread on the client's chat button, then the message in the chat.
    await expect(client.getByRole('button', { name: /Чат, 1 новое сообщение/ })).toBeVisible();
    await client.getByRole('button', { name: /Чат/ }).click();
    const clientLog = client.getByRole('log', { name: 'Сообщения чата' });
    await expect(clientLog).toContainText('Здравствуйте, Ирина! Меня хорошо слышно?');
    await client.getByLabel('Сообщение').fill('Да, всё отлично слышно');
    await client.getByLabel('Сообщение').press('Enter');
    const therapistLog = therapist.getByRole('log', { name: 'Сообщения чата' });
    await expect(therapistLog.getByRole('listitem')).toHaveText([
      /Вы.*Здравствуйте, Ирина!/,
      /Ирина Котова.*Да, всё отлично слышно/,
    ]);
  });

  await test.step('the client mutes the microphone and the therapist sees it', async () => {
    await client.getByRole('button', { name: 'Выключить микрофон' }).click();
    await expect(client.getByRole('button', { name: 'Включить микрофон' })).toBeVisible();
    await expect(therapist.getByRole('img', { name: 'Ирина Котова: Микрофон выключен' })).toBeVisible();
  });

  await test.step('a screen share arrives as a new video on the other side, and stops cleanly', async () => {
    await client.getByRole('button', { name: 'Показать экран' }).click();
    await expect(client.getByText('Вы показываете свой экран')).toBeVisible();
    const screen = therapist.getByRole('figure', { name: 'Экран: Ирина Котова' });
    await expect(screen).toBeVisible();
    await expect.poll(() => screen.locator('video').evaluate(videoWidth)).toBeGreaterThan(0);
    // Two decoded videos now: the camera and the screen.
    await expect.poll(async () => (await inbound(therapist)).videoStreams, { timeout: 20_000 }).toBe(2);
    await client.getByRole('button', { name: 'Остановить показ' }).first().click();
    await expect(screen).toBeHidden();
  });

  await test.step('a reload rejoins the same call with the chat kept', async () => {
    await client.reload();
    await passDeviceCheck(client);
    await client.getByRole('button', { name: /Чат/ }).click();
    await expect(client.getByRole('log', { name: 'Сообщения чата' }).getByRole('listitem')).toHaveText([
      /Анна Смирнова.*Здравствуйте, Ирина!/,
      /Вы.*Да, всё отлично слышно/,
    ]);
    await expectMediaFlowing(client);
    await expectMediaFlowing(therapist);
  });

  await test.step('the therapist ends the session for everyone', async () => {
    await therapist.getByRole('button', { name: 'Завершить сессию' }).click();
    const confirm = therapist.getByRole('dialog', { name: 'Завершить сессию для всех?' });
    await confirm.getByRole('button', { name: 'Завершить сессию' }).click();
    await expect(therapist.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
  });

  await test.step('the client rates the session; the rating is stored, then the feedback', async () => {
    const rating = client.getByRole('dialog', { name: 'Как прошла сессия?' });
    await expect(rating).toBeVisible();
    await rating.getByRole('button', { name: 'Что означает оценка?' }).click();
    const info = client.getByRole('dialog', { name: 'Что означает оценка' });
    await expect(info).toContainText('Отлично: связь без помех');
    await info.getByRole('button', { name: 'Закрыть' }).last().click();
    await rating.getByRole('radio', { name: '4 звезды из 5' }).check();
    const stored = client.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/user/slot/video_quality') && response.request().method() === 'POST',
    );
    await rating.getByRole('button', { name: 'Отправить оценку' }).click();
    const response = await stored;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ slot_hashid: seed.slotHashid, rating: 4 });
    expect(await response.json()).toMatchObject({ success: true, slot_hashid: seed.slotHashid, rating: 4 });

    const feedback = client.getByRole('dialog', { name: 'Спасибо за оценку!' });
    await feedback.getByLabel('Отзыв').fill('Спасибо, было очень полезно');
    await feedback.getByRole('button', { name: 'Отправить отзыв' }).click();
    await expect(feedback).toContainText('Отзыв сохранён');
    await feedback.getByRole('button', { name: 'Закрыть' }).last().click();
    await expect(client.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
    // Rated: no second popup offered.
    await expect(client.getByRole('button', { name: 'Оценить сессию' })).toBeHidden();
  });

  await test.step('the therapist fills the post-session form', async () => {
    const rating = therapist.getByRole('dialog', { name: 'Как прошла сессия?' });
    await rating.getByRole('button', { name: 'Не сейчас' }).click();
    await therapist.getByRole('checkbox', { name: 'Браузер на компьютере' }).check();
    await therapist.getByRole('button', { name: 'Сохранить' }).click();
    await expect(therapist.getByText('Сохранено')).toBeVisible();
  });
});

test('someone who is not in the session is refused', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, '/auth/sign-in', 'client@example.com');

  // Their own call page shows their own next session, not this one.
  await page.goto('/lk/call');
  await expect(page.getByRole('heading', { name: 'Сессия ещё не началась' })).toBeVisible();

  // The therapist's video data of this session is not theirs to read.
  const box = await page.request.get(`/api/v1/therapist/users/${seed.clientUid}/videobox`);
  expect(box.status()).toBe(403);

  // The signaling socket refuses a forged token, and their own token (another session) does not open this room.
  const own = (await (await page.request.get('/api/v1/user/slot/videobox')).json()) as {
    token: string;
    signal_url: string;
    channel: string;
  };
  expect(own.channel).not.toContain(seed.slotHashid);
  const attempts = await page.evaluate(
    async ({ url, tokens }) =>
      Promise.all(
        tokens.map(
          (token) =>
            new Promise<{ error: string | null; close: number }>((resolve) => {
              const socket = new WebSocket(url);
              let error: string | null = null;
              socket.onopen = () =>
                socket.send(
                  JSON.stringify({ type: 'join', token, state: { audio: true, video: true, screen: false } }),
                );
              socket.onmessage = (event) => {
                const message = JSON.parse(event.data) as { type: string; code?: string };
                if (message.type === 'error') error = message.code ?? null;
                if (message.type === 'joined') error = 'joined';
              };
              socket.onclose = (event) => resolve({ error, close: event.code });
            }),
        ),
      ),
    { url: own.signal_url, tokens: [`forged.${seed.slotHashid}.token`, own.token] },
  );
  expect(attempts[0]).toEqual({ error: 'invalid_token', close: 4003 });
  expect(attempts[1]).toEqual({ error: 'too_early', close: 4006 });
});
