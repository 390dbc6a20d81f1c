// Signaling under load, printed, nothing asserted. One app node (a child process, so the
// server has its own event loop) holds BENCH_ROOMS rooms of two simulated peers each (default
// 250 rooms = 500 sockets). Every socket joins with a join token (as the video data hands
// out), then each room runs BENCH_ROUNDS negotiations: offer → answer + 4 candidates → 4
// candidates, all rooms at once. Prints join time, relay latency percentiles (client send →
// peer receive, through the server) and relayed messages per second.
// Database: in-memory PGlite, or DATABASE_URL. With REDIS_URL the rooms run over Redis.
// BENCH_PROFILE=<file.cpuprofile>: the app node's CPU profile of the simultaneous joins alone (open it in Chrome's
// DevTools or speedscope).
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { TServerSignalMessage } from '@therapy/contract';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { sha256 } from '../apps/server/src/lib/tokens.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import { sessionBindingOf, signJoinToken } from '../apps/server/src/modules/video/join-token.ts';
import { peerIdOf } from '../apps/server/src/modules/video/video-window.ts';
import { createClient, createSlot, createTherapist } from '../apps/server/src/seed/factories.ts';
import { percentile } from './support.ts';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 250);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 500);
const CANDIDATES = 4;

/** Each peer's join token and the session cookie it is bound to. */
type TRoomTokens = {
  therapist: string;
  client: string;
  therapistCookie: string;
  clientCookie: string;
  therapistPeer: string;
  clientPeer: string;
};
type TReady = { url: string; rooms: TRoomTokens[]; driver: string; bus: string };

/** The app node: a database with ROOMS sessions starting now, listening on a free port. */
async function serve() {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    PORT: '0',
    // The bench measures relaying, not the per-socket flood guard.
    VIDEO_SIGNAL_RATE: '100000',
    VIDEO_SIGNAL_BURST: '100000',
  });
  const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {});
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  const { hashids } = app.ctx;
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const rooms: TRoomTokens[] = [];
  for (let i = 0; i < ROOMS; i++) {
    const therapist = await createTherapist(database.db);
    const client = await createClient(database.db);
    const slot = await createSlot(database.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(Date.now() - 60_000),
    });
    const slotHashid = hashids.encode('slot', slot.id);
    const tUid = hashids.encode('user', therapist.id);
    const cUid = hashids.encode('user', client.id);
    const secret = config.VIDEO_TOKEN_SECRET;
    // Each token is bound to a signed-in session, as the video data hands it out.
    const therapistSession = await createSession(app.ctx, therapist.id, {});
    const clientSession = await createSession(app.ctx, client.id, {});
    const sess = (token: string) => sessionBindingOf(sha256(token));
    rooms.push({
      therapist: signJoinToken(secret, {
        slot: slotHashid,
        uid: tUid,
        role: 'therapist',
        exp,
        sess: sess(therapistSession.token),
      }),
      client: signJoinToken(secret, {
        slot: slotHashid,
        uid: cUid,
        role: 'client',
        exp,
        sess: sess(clientSession.token),
      }),
      therapistCookie: `${SESSION_COOKIE}=${therapistSession.token}`,
      clientCookie: `${SESSION_COOKIE}=${clientSession.token}`,
      therapistPeer: peerIdOf('therapist', tUid),
      clientPeer: peerIdOf('client', cUid),
    });
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const ready: TReady = {
    url: `${address.replace(/^http/, 'ws')}/api/v1/video/signal`,
    rooms,
    driver: database.driver,
    bus: config.REDIS_URL ? 'redis' : 'memory',
  };
  process.send?.(ready);
  const inspector = new Session();
  let cpuFrom = process.cpuUsage();
  process.on('message', async (message) => {
    // The app node's CPU time over a phase: a figure the other work on a shared machine does not blur.
    if (message === 'cpu-start') {
      cpuFrom = process.cpuUsage();
      process.send?.('cpu-started');
      return;
    }
    if (message === 'cpu-stop') {
      const used = process.cpuUsage(cpuFrom);
      process.send?.({ cpuMs: (used.user + used.system) / 1000 });
      return;
    }
    if (message === 'profile') {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
      await inspector.post('Profiler.start');
      process.send?.('profiling');
      return;
    }
    if (typeof message === 'object' && message && 'profileTo' in message) {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(String(message.profileTo), JSON.stringify(profile));
      inspector.disconnect();
      process.send?.('profiled');
      return;
    }
    await app.close();
    await database.close();
    process.exit(0);
  });
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** A realistic offer is a few KB of SDP; the send time rides in it. */
const sdpAt = (sentAt: number) => `v=0\r\na=x-sent:${sentAt}\r\n${'a=candidate-padding\r\n'.repeat(140)}`;

/** A joined socket; `on` sets the one handler of the current run. */
type TPeer = {
  ws: WebSocket;
  /** From the start to `joined`; `openMs` of it until the socket was open (TCP, the upgrade with its cookie). */
  joinMs: number;
  openMs: number;
  on(handler: (message: TServerSignalMessage) => void): void;
};

async function join(url: string, token: string, cookie: string): Promise<TPeer> {
  const started = performance.now();
  // As a browser on our page: the session cookie and our own Origin.
  const ws = new WebSocket(url, { headers: { cookie, origin: new URL(url.replace(/^ws/, 'http')).origin } });
  let handler: (message: TServerSignalMessage) => void = () => undefined;
  let joinMs = 0;
  let openMs = 0;
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as TServerSignalMessage;
      if (message.type === 'joined') {
        joinMs = performance.now() - started;
        resolve();
      }
      if (message.type === 'error') reject(new Error(`${message.code}: ${message.message}`));
      handler(message);
    });
    ws.once('error', reject);
    ws.once('open', () => {
      openMs = performance.now() - started;
      ws.send(JSON.stringify({ type: 'join', token }));
    });
  });
  return {
    ws,
    joinMs,
    openMs,
    on: (next) => {
      handler = next;
    },
  };
}

async function bench() {
  const child = fork(import.meta.filename, ['--serve'], { stdio: 'inherit' });
  const ready = await new Promise<TReady>((resolve) => child.once('message', (m) => resolve(m as TReady)));
  console.log(
    `signaling: ${ready.rooms.length} rooms × 2 peers = ${ready.rooms.length * 2} sockets, ${ROUNDS} negotiations per room, ` +
      `database ${ready.driver}, room bus ${ready.bus}, ${(await import('node:os')).cpus().length} CPUs`,
  );

  const pairOf = async (room: TRoomTokens) => {
    const therapist = await join(ready.url, room.therapist, room.therapistCookie);
    const client = await join(ready.url, room.client, room.clientCookie);
    return { room, therapist, client };
  };
  // The first rooms one after another (an idle node), the rest all at once.
  const sequential = [];
  for (const room of ready.rooms.slice(0, 10)) sequential.push(await pairOf(room));
  const alone = sequential.flatMap((p) => [p.therapist.joinMs, p.client.joinMs]).sort((a, b) => a - b);
  console.log(`connect + join, one at a time (${alone.length} sockets): p50 ${fmt(percentile(alone, 0.5))}`);
  const profileTo = process.env.BENCH_PROFILE;
  const childSays = (what: string) =>
    new Promise<void>((resolve) => {
      const listener = (message: unknown) => {
        if (message !== what) return;
        child.off('message', listener);
        resolve();
      };
      child.on('message', listener);
    });
  if (profileTo) {
    const started = childSays('profiling');
    child.send('profile');
    await started;
  }
  const cpuStarted = childSays('cpu-started');
  child.send('cpu-start');
  await cpuStarted;
  const connectStarted = performance.now();
  const concurrent = await Promise.all(ready.rooms.slice(10).map(pairOf));
  const connectWall = performance.now() - connectStarted;
  const cpuMs = await new Promise<number>((resolve) => {
    const listener = (message: unknown) => {
      if (typeof message !== 'object' || !message || !('cpuMs' in message)) return;
      child.off('message', listener);
      resolve(Number(message.cpuMs));
    };
    child.on('message', listener);
    child.send('cpu-stop');
  });
  if (profileTo) {
    const written = childSays('profiled');
    child.send({ profileTo });
    await written;
    console.log(`the app node's CPU profile of the simultaneous joins: ${profileTo}`);
  }
  const pairs = [...sequential, ...concurrent];
  const joins = concurrent.flatMap((p) => [p.therapist.joinMs, p.client.joinMs]).sort((a, b) => a - b);
  const opens = concurrent.flatMap((p) => [p.therapist.openMs, p.client.openMs]).sort((a, b) => a - b);
  const joinOnly = concurrent
    .flatMap((p) => [p.therapist.joinMs - p.therapist.openMs, p.client.joinMs - p.client.openMs])
    .sort((a, b) => a - b);
  console.log(
    `connect + join, all at once (${joins.length} sockets): ` +
      `${fmt(connectWall)} in all; per socket p50 ${fmt(percentile(joins, 0.5))}  p99 ${fmt(percentile(joins, 0.99))}`,
  );
  console.log(
    `  of it: socket open (TCP + upgrade with the session cookie) p50 ${fmt(percentile(opens, 0.5))}  p99 ${fmt(percentile(opens, 0.99))}; ` +
      `join message → joined p50 ${fmt(percentile(joinOnly, 0.5))}  p99 ${fmt(percentile(joinOnly, 0.99))}`,
  );
  console.log(
    `  the app node's CPU time for them: ${cpuMs.toFixed(0)} ms, ${(cpuMs / joins.length).toFixed(2)} ms a socket ` +
      `(load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)} on the machine)`,
  );

  const send = (ws: WebSocket, to: string, data: unknown) => ws.send(JSON.stringify({ type: 'signal', to, data }));
  const candidate = (i: number) => ({
    candidate: {
      candidate: `candidate:${i} 1 udp 2122260223 127.0.0.1 ${50000 + i} typ host generation 0`,
      sdpMid: '0',
      sdpMLineIndex: 0,
      usernameFragment: String(performance.now()),
    },
  });
  const sentAtOf = (message: Extract<TServerSignalMessage, { type: 'signal' }>): number => {
    const data = message.data;
    if ('description' in data) return Number(/a=x-sent:([\d.]+)/.exec(data.description.sdp ?? '')?.[1]);
    return Number(data.candidate?.usernameFragment);
  };

  /** All rooms negotiate at once; `paceMs` between a room's rounds (0: flat out). */
  async function run(label: string, paceMs: number) {
    const latencies: number[] = [];
    let relayed = 0;
    const started = performance.now();
    await Promise.all(
      pairs.map(
        ({ room, therapist, client }) =>
          new Promise<void>((resolve) => {
            let round = 0;
            let fromClient = 0;
            let clientDone = false;
            let therapistDone = false;
            const finish = () => therapistDone && clientDone && resolve();
            const offer = () =>
              send(therapist.ws, room.clientPeer, { description: { type: 'offer', sdp: sdpAt(performance.now()) } });
            therapist.on((message) => {
              if (message.type !== 'signal') return;
              latencies.push(performance.now() - sentAtOf(message));
              relayed++;
              fromClient++;
              if (fromClient < 1 + CANDIDATES) return;
              fromClient = 0;
              for (let i = 0; i < CANDIDATES; i++) send(therapist.ws, room.clientPeer, candidate(i));
              round++;
              if (round < ROUNDS) setTimeout(offer, paceMs);
              else {
                therapistDone = true;
                finish();
              }
            });
            let received = 0;
            client.on((message) => {
              if (message.type !== 'signal') return;
              latencies.push(performance.now() - sentAtOf(message));
              relayed++;
              received++;
              if ('description' in message.data) {
                send(client.ws, room.therapistPeer, { description: { type: 'answer', sdp: sdpAt(performance.now()) } });
                for (let i = 0; i < CANDIDATES; i++) send(client.ws, room.therapistPeer, candidate(i));
              }
              if (received === ROUNDS * (1 + CANDIDATES)) {
                clientDone = true;
                finish();
              }
            });
            setTimeout(offer, Math.random() * paceMs);
          }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `${label}: ${latencies.length} relayed, send → peer receives p50 ${fmt(percentile(latencies, 0.5))}  ` +
        `p99 ${fmt(percentile(latencies, 0.99))}  max ${fmt(latencies.at(-1) ?? 0)}; ` +
        `${(relayed / seconds).toFixed(0)} messages/s over ${seconds.toFixed(2)} s`,
    );
  }

  await run(`paced (a negotiation per room every ${PACE_MS} ms)`, PACE_MS);
  await run('flat out (every room as fast as it can)', 0);

  for (const { therapist, client } of pairs) {
    therapist.ws.close();
    client.ws.close();
  }
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

if (process.argv.includes('--serve')) await serve();
else await bench();
