// Call setup and recovery in real browsers, printed, nothing asserted. Debian's Chromium (playwright-core through
// @playwright/test, /usr/bin/chromium or CHROMIUM_PATH) with a fake camera and microphone; a server of its own on a
// fresh data folder with one session starting now (e2e/support/video-server.ts).
//
// 1. Join → first decoded remote frame on loopback, BENCH_CALLS calls (default 10) of each kind, taken in turns:
//    - the bare reference call (bench/bare-call.ts): the same two browsers, the same ICE servers, one
//      RTCPeerConnection each, a plain WebSocket relay, nothing of ours;
//    - the product's call: the client waits in the call, the therapist clicks "join" (the device check's button).
//    Time 0 is the click (the bare call: its join), read in the page; the time until each side decodes its first
//    remote video frame (getStats inbound-rtp framesDecoded, polled in the page every 10 ms). The product's phases
//    come from its performance marks (`call:*`, the video feature's call-marks.ts); the ratios of the medians
//    product / bare are printed. BENCH_WEB_DIST serves another build of the web (a before/after on one machine).
// 2. Recovery after a 5 s network drop (BENCH_DROP_MS): a call forced onto TURN (`?ice=relay`, coturn on
//    127.0.0.1:BENCH_TURN_PORT, default 3479) so that its media path can be cut: the client's context goes offline
//    and its signaling socket is closed (as a lost network closes it), and coturn is frozen (SIGSTOP), which blocks
//    the peer connection; then both come back, and the time until each side decodes frames again (10 more) is printed.
//    BENCH_RECOVERY=0 skips it.
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { coturnInstalled, startCoturn, type TCoturn } from '../e2e/support/coturn.ts';
import { startVideoServer, type TVideoServer } from '../e2e/support/video-server.ts';
import {
  closeSignalingSockets,
  decodedFrames,
  framesDecodedAt,
  recordPeerConnections,
} from '../e2e/support/video-stats.ts';
import { startBareCallServer, type TBareCallServer } from './bare-call.ts';
import { percentile } from './support.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 10);
const DROP_MS = Number(process.env.BENCH_DROP_MS ?? 5000);
const TURN_PORT = Number(process.env.BENCH_TURN_PORT ?? 3479);
const RECOVERY = process.env.BENCH_RECOVERY !== '0';
const WEB_DIST = process.env.BENCH_WEB_DIST;
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

const median = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    0.5,
  );

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(44)} median ${fmt(percentile(sorted, 0.5))}  p90 ${fmt(percentile(sorted, 0.9))}  min ${fmt(sorted[0] ?? 0)}  max ${fmt(sorted.at(-1) ?? 0)}`,
  );
}

/** Records, in the page's Date.now(), when the device check's «Всё работает» was clicked (capture phase, first). */
function recordJoinClick() {
  const page = globalThis as unknown as {
    __joinClickAt?: number;
    addEventListener: (type: string, listener: (event: { target: unknown }) => void, capture: boolean) => void;
  };
  page.addEventListener(
    'click',
    (event) => {
      const target = event.target as { closest?: (selector: string) => { textContent: string | null } | null };
      if (target.closest?.('button')?.textContent?.includes('Всё работает')) page.__joinClickAt = Date.now();
    },
    true,
  );
}

/** The product's phase marks (`call:*`), in the page's epoch milliseconds. */
function callMarks(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const marks: Record<string, number> = {};
    for (const entry of performance.getEntriesByType('mark')) {
      if (entry.name.startsWith('call:') && !(entry.name in marks)) {
        marks[entry.name] = performance.timeOrigin + entry.startTime;
      }
    }
    marks['call:navigation'] = performance.timeOrigin;
    return marks;
  });
}

/** Per phase: the times (ms after time 0) over the calls, the order of first appearance kept. */
class Phases {
  readonly times = new Map<string, number[]>();
  add(prefix: string, marks: Record<string, number>, t0: number) {
    for (const [name, at] of Object.entries(marks).sort((a, b) => a[1] - b[1])) {
      const key = `${prefix} ${name}`;
      const list = this.times.get(key) ?? [];
      list.push(at - t0);
      this.times.set(key, list);
    }
  }
  print() {
    for (const [name, times] of this.times) summary(name, times);
  }
}

let turn: TCoturn | null = null;
let server: TVideoServer | null = null;
let bare: TBareCallServer | null = null;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
try {
  if (coturnInstalled()) turn = await startCoturn({ port: TURN_PORT, minPort: 49210, maxPort: 49250 });
  server = await startVideoServer({
    env: { ...(turn?.env ?? {}), ...(WEB_DIST ? { WEB_DIST_DIR: WEB_DIST } : {}) },
  });
  bare = await startBareCallServer();
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
    await context.addInitScript(recordJoinClick);
    contexts.push(context);
    return { context, page: await context.newPage() };
  };
  const therapist = await newPage();
  const client = await newPage();
  await signIn(therapist.page, '/therapist/auth/sign-in', seed.therapistEmail);
  await signIn(client.page, '/auth/sign-in', seed.clientEmail);
  const therapistCall = `/therapist/clients/${seed.clientUid}/call`;

  const iceServers = await client.page.evaluate(async () => {
    const response = await fetch('/api/v1/user/slot/videobox');
    return ((await response.json()) as { ice_servers: unknown[] }).ice_servers;
  });
  console.log(
    `call setup: join → first decoded remote frame, loopback, ${CALLS} calls of each kind in turns; ` +
      `ICE servers ${JSON.stringify(iceServers)}${WEB_DIST ? `; web ${WEB_DIST}` : ''}`,
  );
  const bareServer = bare as TBareCallServer;
  const product = { joiner: [] as number[], waiter: [] as number[], both: [] as number[] };
  const reference = { joiner: [] as number[], waiter: [] as number[], both: [] as number[] };
  const productPhases = new Phases();
  const barePhases = new Phases();
  const preJoinPhases = new Phases();
  for (let i = 1; i <= CALLS; i++) {
    // The bare call: both pages load (socket + camera), then the therapist's side offers.
    const room = `call-${i}`;
    const bareUrl = `${bareServer.url}?room=${room}&ice=${encodeURIComponent(JSON.stringify(iceServers))}`;
    await therapist.page.goto('about:blank');
    await client.page.goto('about:blank');
    await Promise.all([client.page.goto(bareUrl), therapist.page.goto(bareUrl)]);
    const bareReady = () => (globalThis as unknown as { __bare: { ready: Promise<boolean> } }).__bare.ready;
    await Promise.all([client.page.evaluate(bareReady), therapist.page.evaluate(bareReady)]);
    const bareClientFrame = framesDecodedAt(client.page);
    const bareTherapistFrame = framesDecodedAt(therapist.page);
    const bareT0 = await therapist.page.evaluate(() => {
      const page = globalThis as unknown as { __bareJoin: () => Promise<void> };
      const at = Date.now();
      void page.__bareJoin();
      return at;
    });
    const [btAt, bcAt] = await Promise.all([bareTherapistFrame, bareClientFrame]);
    reference.joiner.push(btAt - bareT0);
    reference.waiter.push(bcAt - bareT0);
    reference.both.push(Math.max(btAt, bcAt) - bareT0);
    const bareMarks = (page: Page) =>
      page.evaluate(() => (globalThis as unknown as { __bare: { marks: Record<string, number> } }).__bare.marks);
    barePhases.add('joiner', { ...(await bareMarks(therapist.page)), first_frame: btAt }, bareT0);
    barePhases.add('waiter', { ...(await bareMarks(client.page)), first_frame: bcAt }, bareT0);

    // The product's call: leave the previous call (both pages), then meet again.
    await therapist.page.goto('about:blank');
    await client.page.goto('about:blank');
    await openDeviceCheck(client.page, '/lk/call');
    await join(client.page);
    await client.page.getByText(/^Ждём/).waitFor({ timeout: 30_000 });
    await openDeviceCheck(therapist.page, therapistCall);
    const preJoin = await callMarks(therapist.page);
    preJoinPhases.add('therapist', preJoin, preJoin['call:navigation'] ?? 0);
    const clientFrame = framesDecodedAt(client.page);
    const therapistFrame = framesDecodedAt(therapist.page);
    await join(therapist.page);
    const [tAt, cAt] = await Promise.all([therapistFrame, clientFrame]);
    const t0 = await therapist.page.evaluate(() => (globalThis as unknown as { __joinClickAt: number }).__joinClickAt);
    product.joiner.push(tAt - t0);
    product.waiter.push(cAt - t0);
    product.both.push(Math.max(tAt, cAt) - t0);
    const joinedMarks = (marks: Record<string, number>) =>
      Object.fromEntries(Object.entries(marks).filter(([, at]) => at >= t0 - 1));
    productPhases.add('joiner', { ...joinedMarks(await callMarks(therapist.page)), first_frame: tAt }, t0);
    productPhases.add('waiter', { ...joinedMarks(await callMarks(client.page)), first_frame: cAt }, t0);
    console.log(
      `  call ${String(i).padStart(2)}: bare ${fmt(btAt - bareT0)} / ${fmt(bcAt - bareT0)}   ` +
        `product ${fmt(tAt - t0)} / ${fmt(cAt - t0)}   (joiner / waiting side)`,
    );
  }
  console.log('bare reference call (ms after the join):');
  barePhases.print();
  console.log('product call (ms after the click on «Всё работает»; marks of the call feature):');
  productPhases.print();
  console.log('product, before the join (ms after the navigation to the call page, the joiner):');
  preJoinPhases.times.delete('therapist call:navigation');
  preJoinPhases.print();
  console.log('join → first decoded remote frame:');
  summary('bare: joiner decodes', reference.joiner);
  summary('bare: waiting side decodes', reference.waiter);
  summary('bare: both decode', reference.both);
  summary('product: joiner decodes', product.joiner);
  summary('product: waiting side decodes', product.waiter);
  summary('product: both decode', product.both);
  const ratio = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(2);
  console.log(
    `  ratio of medians product / bare: joiner ${ratio(product.joiner, reference.joiner)}×  ` +
      `waiting side ${ratio(product.waiter, reference.waiter)}×  both ${ratio(product.both, reference.both)}×`,
  );

  if (!RECOVERY) {
    console.log('recovery: skipped (BENCH_RECOVERY=0)');
  } else if (!turn) {
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
  await bare?.stop();
  await turn?.stop();
}
