// Signaling under load against a bare WebSocket relay, in one run, printed and kept; nothing asserted.
//   npm run bench:signaling                                   PGlite, rooms in memory
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench:signaling
// Two servers, each a child process with its own event loop: the app node (BENCH_ROOMS sessions starting now, a
// signed-in therapist and client each, default 250 rooms = 500 sockets) and a bare `ws` server that answers a join
// at once and hands each frame to the other socket of its room, untouched: what the socket alone costs.
// The same client drives both, in turns:
//   join  = socket open (TCP + upgrade with the session cookie, from PUBLIC_URL's origin as our pages in production)
//           + join message → `joined`; the first 10 rooms one at a time, the other 480 sockets all at once;
//   relay = one peer's message → its partner receives it; BENCH_ROUNDS negotiations per room (offer → answer +
//           4 candidates → 4 candidates), paced (a negotiation per room every BENCH_PACE_MS) and flat out.
// For the app node it also prints its CPU time and its database statements per join (counted at the driver).
// The load average goes with every figure: the machine is shared, so wall-clock figures are noisy.
// BENCH_PROFILE=<file.cpuprofile>: the app node's CPU profile of the simultaneous joins (DevTools or speedscope);
// BENCH_PROFILE_RELAY=<file.cpuprofile>: the same of the flat-out relay.
// The figures are kept in bench/results/<date>-signaling-<database>-<bus>.json.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TServerSignalMessage } from '@therapy/contract';
import pg from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { publicBaseUrl } from '../apps/server/src/lib/public-base-url.ts';
import { createSession, findSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import { buildVideoData } from '../apps/server/src/modules/video/get-video-data.ts';
import { peerIdOf } from '../apps/server/src/modules/video/video-window.ts';
import { createClient, createSlot, createTherapist } from '../apps/server/src/seed/factories.ts';
import { percentile } from './support.ts';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 250);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 2000);
const ONE_AT_A_TIME = 10;
const CANDIDATES = 4;

/** One socket's join: its token and the session cookie it is bound to, and the room (for the bare server). */
type TSeat = { token: string; cookie: string; peer: string; room: number };
type TRoomSeats = { therapist: TSeat; client: TSeat };
/** `origin`: what our pages' sockets carry as `Origin` (the app node's PUBLIC_URL; the bare server takes any). */
type TReady = { url: string; origin: string; rooms: TRoomSeats[]; driver: string; bus: string; sessionCache: string };
/** What a server did since the last mark: CPU time, and database statements (the app node). */
type TMark = { cpuMs: number; systemMs: number; mainMs: number; queries: number };

/** Counts the statements the app sends, at the drivers (pg's client, PGlite). */
function countQueries(): () => number {
  let count = 0;
  // BENCH_SQL=1: which statements, by their first words (stderr, at each mark).
  const kinds = new Map<string, number>();
  const wrap = (proto: Record<string, unknown>, name: string) => {
    const original = proto[name] as (...args: unknown[]) => unknown;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      count++;
      if (process.env.BENCH_SQL) {
        const first = args[0] as string | { text?: string };
        const text = (typeof first === 'string' ? first : (first?.text ?? '?')).slice(0, 70);
        kinds.set(text, (kinds.get(text) ?? 0) + 1);
      }
      return original.apply(this, args);
    };
  };
  if (process.env.BENCH_SQL) {
    process.on('message', (message) => {
      if (message !== 'mark') return;
      console.error([...kinds].map(([text, n]) => `  ${n}× ${text}`).join('\n'));
      kinds.clear();
    });
  }
  wrap(pg.Client.prototype as unknown as Record<string, unknown>, 'query');
  wrap(PGlite.prototype as unknown as Record<string, unknown>, 'query');
  wrap(PGlite.prototype as unknown as Record<string, unknown>, 'exec');
  return () => count;
}

/** The child's side of the marks and the profile; `queries` reads its statement count. */
function answerMarks(queries: () => number, stop: () => Promise<void>) {
  const inspector = new Session();
  let cpuFrom = process.cpuUsage();
  let mainFrom = process.threadCpuUsage();
  let queriesFrom = queries();
  process.on('message', async (message) => {
    if (message === 'mark') {
      const used = process.cpuUsage(cpuFrom);
      const main = process.threadCpuUsage(mainFrom);
      const mark: TMark = {
        cpuMs: (used.user + used.system) / 1000,
        systemMs: used.system / 1000,
        mainMs: (main.user + main.system) / 1000,
        queries: queries() - queriesFrom,
      };
      cpuFrom = process.cpuUsage();
      mainFrom = process.threadCpuUsage();
      queriesFrom = queries();
      process.send?.({ mark });
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
    if (message === 'stop') {
      await stop();
      process.exit(0);
    }
  });
}

/** The app node: a database with ROOMS sessions starting now, listening on a free port. */
async function serve() {
  const queries = countQueries();
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Our pages' address, as in production: the sockets come from its origin, whatever address the node listens on.
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://bench.test',
    // The bench measures relaying, not the per-socket flood guard.
    VIDEO_SIGNAL_RATE: '100000',
    VIDEO_SIGNAL_BURST: '100000',
  });
  const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {});
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  const { hashids } = app.ctx;
  const rooms: TRoomSeats[] = [];
  const now = new Date();
  for (let i = 0; i < ROOMS; i++) {
    const therapist = await createTherapist(database.db);
    const client = await createClient(database.db);
    const slot = await createSlot(database.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(Date.now() - 60_000),
    });
    // Each person signs in and opens the call page: its video data hand out the join token, bound to the sign-in.
    const seat = async (user: typeof therapist, role: 'therapist' | 'client'): Promise<TSeat> => {
      const { token } = await createSession(app.ctx, user.id, {});
      const auth = await findSession(app.ctx, token);
      if (!auth) throw new Error('a fresh session was not found');
      const data = await buildVideoData(app.ctx, {
        slot,
        viewer: auth.user,
        session: auth.session,
        clientId: client.id,
        signalUrl: '',
        now,
      });
      return {
        token: data.token,
        cookie: `${SESSION_COOKIE}=${token}`,
        peer: peerIdOf(role, hashids.encode('user', user.id)),
        room: i,
      };
    };
    rooms.push({ therapist: await seat(therapist, 'therapist'), client: await seat(client, 'client') });
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  answerMarks(queries, async () => {
    await app.close();
    await database.close();
  });
  const ready: TReady = {
    url: `${address.replace(/^http/, 'ws')}/api/v1/video/signal`,
    origin: new URL(publicBaseUrl(config)).origin,
    rooms,
    driver: database.driver,
    bus: config.REDIS_URL ? 'redis' : 'memory',
    sessionCache: app.ctx.sessions.mode,
  };
  process.send?.(ready);
}

/**
 * The yardstick: a bare `ws` server on node:http (default options), nothing of ours. A socket's first frame is its
 * join, answered at once; after it every frame goes as it came to the other socket of its room (`?room=`).
 */
async function serveBare() {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  const rooms = new Map<string, Set<WebSocket>>();
  const joined = JSON.stringify({ type: 'joined', peer_id: '', peers: [], chat: [], ends_at: '' });
  wss.on('connection', (ws, request) => {
    const room = new URL(request.url ?? '/', 'http://bare').searchParams.get('room') ?? '';
    let members: Set<WebSocket> | undefined;
    ws.on('message', (data, isBinary) => {
      if (!members) {
        members = rooms.get(room) ?? new Set();
        rooms.set(room, members);
        members.add(ws);
        ws.send(joined);
        return;
      }
      for (const other of members) if (other !== ws) other.send(data, { binary: isBinary });
    });
    ws.on('close', () => members?.delete(ws));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  answerMarks(
    () => 0,
    async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => server.close(resolve));
    },
  );
  process.send?.({
    url: `ws://127.0.0.1:${port}/`,
    origin: `http://127.0.0.1:${port}`,
    rooms: [],
    driver: 'none',
    bus: 'none',
    sessionCache: 'none',
  });
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const load = () => os.loadavg()[0]?.toFixed(1) ?? '?';

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

async function join(url: string, origin: string, seat: TSeat): Promise<TPeer> {
  const started = performance.now();
  // As a browser on our page: the session cookie and our own Origin.
  const ws = new WebSocket(url, { headers: { cookie: seat.cookie, origin } });
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
      ws.send(JSON.stringify({ type: 'join', token: seat.token }));
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

type TChild = {
  name: string;
  ready: TReady;
  says(what: string): Promise<void>;
  mark(): Promise<TMark>;
  send(message: unknown): void;
  stop(): Promise<void>;
};

async function start(name: string, flag: string): Promise<TChild> {
  const child = fork(import.meta.filename, [flag], { stdio: 'inherit' });
  const ready = await new Promise<TReady>((resolve) => child.once('message', (m) => resolve(m as TReady)));
  const says = (what: string) =>
    new Promise<void>((resolve) => {
      const listener = (message: unknown) => {
        if (message !== what) return;
        child.off('message', listener);
        resolve();
      };
      child.on('message', listener);
    });
  return {
    name,
    ready,
    says,
    send: (message) => child.send(message as string),
    mark: () =>
      new Promise<TMark>((resolve) => {
        const listener = (message: unknown) => {
          if (typeof message !== 'object' || !message || !('mark' in message)) return;
          child.off('message', listener);
          resolve(message.mark as TMark);
        };
        child.on('message', listener);
        child.send('mark');
      }),
    stop: async () => {
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

type TJoinFigures = {
  sockets: number;
  wallMs: number;
  p50: number;
  p99: number;
  openP50: number;
  openP99: number;
  joinedP50: number;
  joinedP99: number;
  aloneP50: number;
  cpuMs: number;
  /** Of it in the kernel (accepting, reading and writing the sockets). */
  systemMs: number;
  /** Of it on the main thread, the event loop (the rest: compiling and collecting garbage beside it). */
  mainMs: number;
  queries: number;
  load: number;
};
type TRelayFigures = { messages: number; p50: number; p99: number; max: number; perSecond: number; load: number };
type TPair = { seats: TRoomSeats; therapist: TPeer; client: TPeer };

/** Joins every room of `server`: the first rooms one at a time (an idle node), the other sockets all at once. */
async function joinAll(server: TChild, rooms: TRoomSeats[]): Promise<{ pairs: TPair[]; figures: TJoinFigures }> {
  const url = (seat: TSeat) =>
    server.ready.driver === 'none' ? `${server.ready.url}?room=${seat.room}` : server.ready.url;
  const joinSeat = (seat: TSeat) => join(url(seat), server.ready.origin, seat);
  const alone: TPair[] = [];
  for (const seats of rooms.slice(0, ONE_AT_A_TIME)) {
    alone.push({ seats, therapist: await joinSeat(seats.therapist), client: await joinSeat(seats.client) });
  }
  const profileTo = process.env.BENCH_PROFILE;
  const profiling = profileTo && server.ready.driver !== 'none';
  if (profiling) {
    const started = server.says('profiling');
    server.send('profile');
    await started;
  }
  await server.mark();
  const started = performance.now();
  const rest = rooms.slice(ONE_AT_A_TIME);
  const peers = await Promise.all(rest.flatMap((seats) => [joinSeat(seats.therapist), joinSeat(seats.client)]));
  const wallMs = performance.now() - started;
  const { cpuMs, systemMs, mainMs, queries } = await server.mark();
  if (profiling) {
    const written = server.says('profiled');
    server.send({ profileTo });
    await written;
  }
  const concurrent = rest.map((seats, i) => ({
    seats,
    therapist: peers[2 * i] as TPeer,
    client: peers[2 * i + 1] as TPeer,
  }));
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  const joins = sorted(peers.map((p) => p.joinMs));
  const opens = sorted(peers.map((p) => p.openMs));
  const joinedOnly = sorted(peers.map((p) => p.joinMs - p.openMs));
  const aloneJoins = sorted(alone.flatMap((p) => [p.therapist.joinMs, p.client.joinMs]));
  return {
    pairs: [...alone, ...concurrent],
    figures: {
      sockets: peers.length,
      wallMs,
      p50: percentile(joins, 0.5),
      p99: percentile(joins, 0.99),
      openP50: percentile(opens, 0.5),
      openP99: percentile(opens, 0.99),
      joinedP50: percentile(joinedOnly, 0.5),
      joinedP99: percentile(joinedOnly, 0.99),
      aloneP50: percentile(aloneJoins, 0.5),
      cpuMs,
      systemMs,
      mainMs,
      queries,
      load: os.loadavg()[0] ?? 0,
    },
  };
}

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
async function relay(pairs: TPair[], paceMs: number): Promise<TRelayFigures> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    pairs.map(
      ({ seats, therapist, client }) =>
        new Promise<void>((resolve) => {
          let round = 0;
          let fromClient = 0;
          let clientDone = false;
          let therapistDone = false;
          const finish = () => therapistDone && clientDone && resolve();
          const offer = () =>
            send(therapist.ws, seats.client.peer, { description: { type: 'offer', sdp: sdpAt(performance.now()) } });
          therapist.on((message) => {
            if (message.type !== 'signal') return;
            latencies.push(performance.now() - sentAtOf(message));
            fromClient++;
            if (fromClient < 1 + CANDIDATES) return;
            fromClient = 0;
            for (let i = 0; i < CANDIDATES; i++) send(therapist.ws, seats.client.peer, candidate(i));
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
            received++;
            if ('description' in message.data) {
              send(client.ws, seats.therapist.peer, { description: { type: 'answer', sdp: sdpAt(performance.now()) } });
              for (let i = 0; i < CANDIDATES; i++) send(client.ws, seats.therapist.peer, candidate(i));
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
  return {
    messages: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    perSecond: latencies.length / seconds,
    load: os.loadavg()[0] ?? 0,
  };
}

const ratio = (ours: number, bare: number) => (bare > 0 ? `${(ours / bare).toFixed(2)}×` : '—');

function printJoin(name: string, f: TJoinFigures, bare?: TJoinFigures) {
  console.log(
    `  ${name.padEnd(5)} ${f.sockets} sockets at once: p50 ${fmt(f.p50)}  p99 ${fmt(f.p99)}${bare ? ` (${ratio(f.p99, bare.p99)} bare)` : ''}, ` +
      `all in ${fmt(f.wallMs)}; socket open p99 ${fmt(f.openP99)}, join → joined p99 ${fmt(f.joinedP99)}; ` +
      `one at a time p50 ${fmt(f.aloneP50)}; load ${f.load.toFixed(1)}`,
  );
  if (bare) {
    console.log(
      `        server CPU ${f.cpuMs.toFixed(0)} ms = ${(f.cpuMs / f.sockets).toFixed(2)} ms a join, of it the event loop ` +
        `${(f.mainMs / f.sockets).toFixed(2)}, the kernel ${(f.systemMs / f.sockets).toFixed(2)} ` +
        `(bare ${(bare.cpuMs / bare.sockets).toFixed(2)}, ${(bare.mainMs / bare.sockets).toFixed(2)}, ${(bare.systemMs / bare.sockets).toFixed(2)}); ` +
        `database statements ${f.queries} = ${(f.queries / f.sockets).toFixed(2)} a join`,
    );
  }
}

function printRelay(name: string, f: TRelayFigures, bare?: TRelayFigures) {
  console.log(
    `  ${name.padEnd(5)} ${f.messages} relayed: p50 ${fmt(f.p50)}  p99 ${fmt(f.p99)}${bare ? ` (${ratio(f.p99, bare.p99)} bare)` : ''}  ` +
      `max ${fmt(f.max)}; ${f.perSecond.toFixed(0)} messages/s; load ${f.load.toFixed(1)}`,
  );
}

async function bench() {
  const app = await start('app', '--serve');
  const bare = await start('bare', '--bare');
  const { rooms } = app.ready;
  const setup =
    `${rooms.length} rooms × 2 = ${rooms.length * 2} sockets, ${ROUNDS} negotiations a room; ` +
    `database ${app.ready.driver}, room bus ${app.ready.bus}, session cache ${app.ready.sessionCache}; ${os.cpus().length} CPUs`;
  console.log(`signaling: ${setup}; load ${load()}`);

  // Turns: the bare server, then the app, for each phase, so both see the same machine.
  console.log('join = socket open + join message → joined:');
  const bareJoin = await joinAll(bare, rooms);
  printJoin('bare', bareJoin.figures);
  const appJoin = await joinAll(app, rooms);
  printJoin('app', appJoin.figures, bareJoin.figures);
  if (process.env.BENCH_PROFILE)
    console.log(`  the app node's CPU profile of the joins at once: ${process.env.BENCH_PROFILE}`);

  console.log(`relay = one peer's message → its partner, paced (a negotiation a room every ${PACE_MS} ms):`);
  await bare.mark();
  const barePaced = await relay(bareJoin.pairs, PACE_MS);
  printRelay('bare', barePaced);
  await app.mark();
  const appPaced = await relay(appJoin.pairs, PACE_MS);
  const pacedMark = await app.mark();
  printRelay('app', appPaced, barePaced);
  console.log(`        database statements while relaying: ${pacedMark.queries}`);
  console.log('relay, flat out (every room as fast as it can):');
  const bareFlat = await relay(bareJoin.pairs, 0);
  printRelay('bare', bareFlat);
  const relayProfile = process.env.BENCH_PROFILE_RELAY;
  if (relayProfile) {
    const started = app.says('profiling');
    app.send('profile');
    await started;
  }
  const appFlat = await relay(appJoin.pairs, 0);
  printRelay('app', appFlat, bareFlat);
  if (relayProfile) {
    const written = app.says('profiled');
    app.send({ profileTo: relayProfile });
    await written;
    console.log(`  the app node's CPU profile of the flat-out relay: ${relayProfile}`);
  }

  for (const { therapist, client } of [...bareJoin.pairs, ...appJoin.pairs]) {
    therapist.ws.close();
    client.ws.close();
  }
  await Promise.all([app.stop(), bare.stop()]);

  const date = new Date();
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${date.toISOString().slice(0, 16).replace(':', '')}-signaling-${app.ready.driver}-${app.ready.bus}.json`,
  );
  const figures = {
    date: date.toISOString(),
    host: os.hostname(),
    cpus: os.cpus().length,
    node: process.version,
    loadAverage: os.loadavg(),
    note: process.env.BENCH_NOTE ?? '',
    setup,
    join: { bare: bareJoin.figures, app: appJoin.figures },
    relayPaced: { paceMs: PACE_MS, bare: barePaced, app: appPaced },
    relayFlatOut: { bare: bareFlat, app: appFlat },
  };
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`kept in ${path.relative(process.cwd(), file)}`);
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv.includes('--bare')) await serveBare();
else await bench();
