// Reads of the signed-in API under load, against the framework's own speed, in one run:
//   npm run bench                       both databases, 10 s per read
//   npm run bench -- --db=pglite --duration=5 --lk-long=150
//   npm run bench -- --db=postgres --only=me,passes --no-bare --server-prof=/tmp/prof   one read, profiled
// For each database it starts bench/read-server.ts in its own process (the app on the demo seed, a bare
// Fastify hello-world and a bare Fastify route doing one indexed select with a prepared statement),
// drives each with autocannon, prints req/s, p50/p99/max, the requests over 1 s and the ratio to the
// one-query route, and keeps the figures in bench/results/<date>-<host>.json so a regression shows.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { scratchPostgres } from './support.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    /** A longer lk_data run on PGlite (seconds; 0 = none): the issue's 2.5 min stall hunt. */
    'lk-long': { type: 'string', default: '0' },
    note: { type: 'string', default: '' },
    /** Only these reads (names as printed, comma-separated); the yardsticks still run unless --no-bare. */
    only: { type: 'string', default: '' },
    'no-bare': { type: 'boolean', default: false },
    /** A folder: the read server runs with --cpu-prof and writes its profile there. */
    'server-prof': { type: 'string', default: '' },
    /** Redis for the PostgreSQL run (the session cache of a deployment with several nodes); 'none' for without. */
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = { postgres: 100, pglite: 50 } as const;
type TDriver = keyof typeof CONNECTIONS;

type TFigures = {
  name: string;
  path: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  over1s: number;
  non2xx: number;
  errors: number;
  vsOneQuery?: number;
};

async function load(name: string, url: string, headers: Record<string, string>, connections: number, seconds: number) {
  if (WARMUP > 0) await autocannon({ url, headers, connections, duration: WARMUP, timeout: 60 });
  let over1s = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: seconds, timeout: 60 }, (err, done) =>
      err ? reject(err) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      if (ms > 1000) over1s++;
    });
  });
  const figures: TFigures = {
    name,
    path: new URL(url).pathname,
    connections,
    seconds,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    over1s,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  return figures;
}

const print = (f: TFigures) =>
  console.log(
    `  ${f.name.padEnd(22)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms  max ${String(f.max).padStart(5)} ms  >1s ${String(f.over1s).padStart(3)}${f.non2xx || f.errors ? `  non-2xx ${f.non2xx} errors ${f.errors}` : ''}${f.vsOneQuery !== undefined ? `  ${f.vsOneQuery.toFixed(2)}× one-query` : ''}`,
  );

async function startServer(driver: TDriver) {
  const scratch = driver === 'postgres' ? await scratchPostgres('therapy_bench_reads') : null;
  // The scratch database is for the child: the parent only keeps it to drop it afterwards.
  const url = scratch?.url;
  const child = fork(path.join(import.meta.dirname, 'read-server.ts'), [], {
    execArgv: args['server-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['server-prof']}`] : [],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: url ?? '',
      BENCH_REDIS_URL: driver === 'postgres' && args.redis !== 'none' ? args.redis : '',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  type TReady = { appBase: string; bareBase: string; sessionCache: string };
  const ready = await new Promise<TReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as TReady));
    child.once('exit', (code) => reject(new Error(`read server exited with ${code}`)));
  });
  return {
    ...ready,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
      await scratch?.drop();
    },
  };
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const READS = [
  { name: 'me', path: '/api/v1/user/me', as: 'client' },
  { name: 'lk_data', path: '/api/v1/user/lk_data', as: 'client' },
  { name: 'lk_widgets', path: '/api/v1/user/lk_widgets', as: 'client' },
  { name: 'passes', path: '/api/v1/user/passes', as: 'client' },
  { name: 'slots', path: '/api/v1/user/slots', as: 'client' },
  { name: 'therapist/current', path: '/api/v1/therapist/current', as: 'therapist' },
] as const;

const run: Record<string, { connections: number; sessionCache: string; reads: TFigures[]; lkLong?: TFigures }> = {};
for (const driver of args.db.split(',') as TDriver[]) {
  const connections = CONNECTIONS[driver];
  console.log(`\n${driver}, ${connections} connections, ${DURATION} s each (after ${WARMUP} s warm-up)`);
  const server = await startServer(driver);
  console.log(`  session cache: ${server.sessionCache}`);
  try {
    const cookies = {
      client: await signIn(server.appBase, 'client@example.com'),
      therapist: await signIn(server.appBase, 'therapist@example.com'),
    };
    const reads: TFigures[] = [];
    let oneQuery: TFigures | undefined;
    if (!args['no-bare']) {
      const hello = await load('bare hello-world', `${server.bareBase}/hello`, {}, connections, DURATION);
      oneQuery = await load('bare one-query', `${server.bareBase}/one-query`, {}, connections, DURATION);
      hello.vsOneQuery = hello.rps / oneQuery.rps;
      oneQuery.vsOneQuery = 1;
      print(hello);
      print(oneQuery);
      reads.push(hello, oneQuery);
    }
    const only = args.only ? args.only.split(',') : null;
    for (const read of READS.filter((r) => !only || only.includes(r.name))) {
      const figures = await load(
        read.name,
        `${server.appBase}${read.path}`,
        { cookie: cookies[read.as] },
        connections,
        DURATION,
      );
      if (oneQuery) figures.vsOneQuery = figures.rps / oneQuery.rps;
      print(figures);
      reads.push(figures);
    }
    run[driver] = { connections, sessionCache: server.sessionCache, reads };
    const long = Number(args['lk-long']);
    if (driver === 'pglite' && long > 0) {
      const figures = await load(
        `lk_data ${long} s`,
        `${server.appBase}/api/v1/user/lk_data`,
        { cookie: cookies.client },
        connections,
        long,
      );
      if (oneQuery) figures.vsOneQuery = figures.rps / oneQuery.rps;
      print(figures);
      run[driver].lkLong = figures;
    }
  } finally {
    await server.stop();
  }
}

const now = new Date();
const host = os.hostname().replace(/[^\w.-]/g, '_');
const file = path.join(
  import.meta.dirname,
  'results',
  `${now.toISOString().slice(0, 16).replace(/:/g, '')}-${host}.json`,
);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(
  file,
  `${JSON.stringify(
    {
      date: now.toISOString(),
      host,
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      // Other work on the machine skews every figure: the load average at the end says how much.
      loadAverage: os.loadavg(),
      note: args.note,
      duration: DURATION,
      run,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nfigures kept in ${path.relative(process.cwd(), file)}`);
