// Call setup and recovery in real browsers, printed, nothing asserted. Debian's Chromium (playwright-core through
// @playwright/test, /usr/bin/chromium or CHROMIUM_PATH) with a fake camera and microphone; a server of its own on a
// fresh data folder with one session starting now (e2e/support/video-server.ts).
//
// 1. Join → first decoded remote frame on loopback, BENCH_CALLS calls (default 10): the client waits in the call,
//    the therapist clicks "join" (the device check's button); the time until each side decodes its first remote
//    video frame (getStats inbound-rtp framesDecoded, polled in the page every 10 ms).
// 2. Recovery after a 5 s network drop (BENCH_DROP_MS): a call forced onto TURN (`?ice=relay`, coturn on
//    127.0.0.1:BENCH_TURN_PORT, default 3479) so that its media path can be cut: the client's context goes offline
//    and its signaling socket is closed (as a lost network closes it), and coturn is frozen (SIGSTOP), which blocks
//    the peer connection; then both come back, and the time until each side decodes frames again (10 more) is printed.
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { coturnInstalled, startCoturn, type TCoturn } from '../e2e/support/coturn.ts';
import { startVideoServer, type TVideoServer } from '../e2e/support/video-server.ts';
import {
  closeSignalingSockets,
  decodedFrames,
  framesDecodedAt,
  recordPeerConnections,
} from '../e2e/support/video-stats.ts';
import { percentile } from './support.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 10);
const DROP_MS = Number(process.env.BENCH_DROP_MS ?? 5000);
const TURN_PORT = Number(process.env.BENCH_TURN_PORT ?? 3479);
const PASSWORD = 'demo-password';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function signIn(page: Page, signInPath: string, email: string) {
  await page.goto(signInPath);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await waitFor('sign-in', async () => !page.url().includes('sign-in'));
}

/** Opens the call page and waits on the device check until the camera preview runs. */
async function openDeviceCheck(page: Page, url: string) {
  await page.goto(url);
  const button = page.getByRole('button', { name: 'Всё работает' });
  await button.waitFor({ timeout: 30_000 });
  await waitFor('the camera preview', () =>
    page
      .locator('video')
      .first()
      .evaluate((video) => (video as unknown as { videoWidth: number }).videoWidth > 0),
  );
}

const join = (page: Page) => page.getByRole('button', { name: 'Всё работает' }).click();

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(34)} median ${fmt(percentile(sorted, 0.5))}  p90 ${fmt(percentile(sorted, 0.9))}  min ${fmt(sorted[0] ?? 0)}  max ${fmt(sorted.at(-1) ?? 0)}`,
  );
}

let turn: TCoturn | null = null;
let server: TVideoServer | null = null;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
try {
  if (coturnInstalled()) turn = await startCoturn({ port: TURN_PORT, minPort: 49210, maxPort: 49250 });
  server = await startVideoServer(turn ? { env: turn.env } : {});
  const { baseURL, seed } = server;
  const contexts: BrowserContext[] = [];
  const newPage = async () => {
    const context = await browser.newContext({
      baseURL,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
      permissions: ['camera', 'microphone'],
    });
    await context.addInitScript(recordPeerConnections);
    contexts.push(context);
    return { context, page: await context.newPage() };
  };
  const therapist = await newPage();
  const client = await newPage();
  await signIn(therapist.page, '/therapist/auth/sign-in', seed.therapistEmail);
  await signIn(client.page, '/auth/sign-in', seed.clientEmail);
  const therapistCall = `/therapist/clients/${seed.clientUid}/call`;

  console.log(`call setup: join → first decoded remote frame, loopback, ${CALLS} calls`);
  const joiner: number[] = [];
  const waiter: number[] = [];
  const both: number[] = [];
  for (let i = 1; i <= CALLS; i++) {
    // Leave the previous call (both pages), then meet again.
    await therapist.page.goto('about:blank');
    await client.page.goto('about:blank');
    await openDeviceCheck(client.page, '/lk/call');
    await join(client.page);
    await client.page.getByText(/^Ждём/).waitFor({ timeout: 30_000 });
    await openDeviceCheck(therapist.page, therapistCall);
    const clientFrame = framesDecodedAt(client.page);
    const therapistFrame = framesDecodedAt(therapist.page);
    const t0 = Date.now();
    await join(therapist.page);
    const [tAt, cAt] = await Promise.all([therapistFrame, clientFrame]);
    joiner.push(tAt - t0);
    waiter.push(cAt - t0);
    both.push(Math.max(tAt, cAt) - t0);
    console.log(
      `  call ${String(i).padStart(2)}: joiner (therapist) ${fmt(tAt - t0)}  waiting side (client) ${fmt(cAt - t0)}`,
    );
  }
  summary('joiner decodes', joiner);
  summary('waiting side decodes', waiter);
  summary('both decode', both);

  if (!turn) {
    console.log('recovery: skipped, coturn (turnserver) is not installed');
  } else {
    const coturnPid = turn.pid;
    if (!coturnPid) throw new Error('coturn has no pid');
    console.log(`recovery: a call over TURN (?ice=relay), the network dropped for ${DROP_MS} ms, then restored`);
    await therapist.page.goto('about:blank');
    await client.page.goto('about:blank');
    await openDeviceCheck(client.page, '/lk/call?ice=relay');
    await join(client.page);
    await openDeviceCheck(therapist.page, `${therapistCall}?ice=relay`);
    await join(therapist.page);
    await Promise.all([framesDecodedAt(therapist.page, { frames: 30 }), framesDecodedAt(client.page, { frames: 30 })]);

    // The drop: no signaling for the client, no media path for anyone.
    await client.context.setOffline(true);
    await closeSignalingSockets(client.page);
    process.kill(coturnPid, 'SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const frozen = { therapist: await decodedFrames(therapist.page), client: await decodedFrames(client.page) };
    await new Promise((resolve) => setTimeout(resolve, DROP_MS - 1000));
    const during = {
      therapist: await decodedFrames(therapist.page),
      client: await decodedFrames(client.page),
    };
    const gained = (a: Record<string, number>, b: Record<string, number>) =>
      Object.entries(b).reduce((sum, [key, frames]) => sum + Math.max(0, frames - (a[key] ?? 0)), 0);
    console.log(
      `  frames decoded in the last ${DROP_MS - 1000} ms of the drop: therapist ${gained(frozen.therapist, during.therapist)}, client ${gained(frozen.client, during.client)}`,
    );

    // The network comes back.
    const since = { therapist: await decodedFrames(therapist.page), client: await decodedFrames(client.page) };
    const t0 = Date.now();
    process.kill(coturnPid, 'SIGCONT');
    await client.context.setOffline(false);
    const [tAt, cAt] = await Promise.all([
      framesDecodedAt(therapist.page, { since: since.therapist, frames: 10, timeoutMs: 120_000 }),
      framesDecodedAt(client.page, { since: since.client, frames: 10, timeoutMs: 120_000 }),
    ]);
    console.log(`  frames decoded again (10 new frames) after the network came back:`);
    console.log(`    therapist ${fmt(tAt - t0)}  client ${fmt(cAt - t0)}  both ${fmt(Math.max(tAt, cAt) - t0)}`);
  }
  for (const context of contexts) await context.close();
} finally {
  await browser.close();
  await server?.stop();
  await turn?.stop();
}
