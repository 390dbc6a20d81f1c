// The server side of bench/api-latency.ts, in a process of its own so the load generator does not share
// its event loop: the app on the demo seed (info-level logs, as in production) and, beside it, the two
// yardsticks: a bare Fastify hello-world and a bare Fastify route running one indexed select with a
// prepared statement (a `pg` named statement on PostgreSQL, one of PGlite's own on PGlite).
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import Fastify from 'fastify';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { closeJobs, openJobs } from '../apps/server/src/lib/jobs.ts';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.ts';

/**
 * BENCH_DIAG=1: what stalls the server, on stderr: statements of the database client taking over 50 ms
 * (with their first words), event-loop stalls over 100 ms per second, and garbage collections over 50 ms.
 */
function diagnose(client: Record<string, unknown>) {
  const t0 = performance.now();
  const at = () => `${((performance.now() - t0) / 1000).toFixed(1)}s ${new Date().toISOString().slice(11, 23)}`;
  for (const method of ['query', 'exec']) {
    const original = client[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
    if (typeof original !== 'function') continue;
    client[method] = async function timed(this: unknown, ...a: unknown[]) {
      const started = performance.now();
      try {
        return await original.apply(this, a);
      } finally {
        const ms = performance.now() - started;
        const text = typeof a[0] === 'string' ? a[0] : String((a[0] as { text?: string })?.text ?? '');
        // BENCH_DIAG=all: every statement but the dashboard's, however short (who else uses the connection).
        const other = process.env.BENCH_DIAG === 'all' && !text.includes('with next_slot');
        if (ms > 50 || other)
          console.error(`[diag ${at()}] ${method} ${ms.toFixed(0)} ms: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    };
  }
  // The database's own work, by the CPU this thread spent in it (a busy machine stretches the wall time of
  // everything; the CPU time is what the statement itself costs): every trip into PGlite over 40 ms of CPU.
  const sync = client.execProtocolRawSync as ((message: Uint8Array) => Uint8Array) | undefined;
  if (typeof sync === 'function') {
    client.execProtocolRawSync = function timedSync(this: unknown, message: Uint8Array) {
      const cpu0 = process.threadCpuUsage();
      const wall0 = performance.now();
      try {
        return sync.call(this, message);
      } finally {
        const cpu = process.threadCpuUsage(cpu0);
        const cpuMs = (cpu.user + cpu.system) / 1000;
        if (cpuMs > 40) {
          const text = new TextDecoder().decode(message.subarray(0, 400)).replace(/[^\x20-\x7e]+/g, ' ');
          console.error(
            `[diag ${at()}] database trip ${cpuMs.toFixed(0)} ms CPU (${(performance.now() - wall0).toFixed(0)} ms wall): ${text.slice(0, 160)}`,
          );
        }
      }
    };
  }
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  // With the CPU this process got in that second: a stall with little CPU is the machine (other work ran),
  // not this process (one long task here).
  let cpu = process.cpuUsage();
  let wall = performance.now();
  setInterval(() => {
    const max = lag.max / 1e6;
    const used = process.cpuUsage(cpu);
    const share = (used.user + used.system) / 1000 / (performance.now() - wall);
    cpu = process.cpuUsage();
    wall = performance.now();
    if (max > 100) {
      console.error(
        `[diag ${at()}] event loop stalled up to ${max.toFixed(0)} ms; CPU ${Math.round(share * 100)}% of the second`,
      );
    }
    lag.reset();
  }, 1000).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > 50) console.error(`[diag ${at()}] gc ${entry.duration.toFixed(0)} ms`);
    }
  }).observe({ entryTypes: ['gc'] });
}

const url = process.env.BENCH_DATABASE_URL || undefined;
const { DATABASE_URL: _ignored, ...env } = process.env;
const config = loadConfig({
  ...env,
  ...(url ? { DATABASE_URL: url } : {}),
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  SIGN_IN_RATE_LIMIT: '100000',
  ...(process.env.BENCH_REDIS_URL
    ? {
        REDIS_URL: process.env.BENCH_REDIS_URL,
        SESSION_CACHE_REDIS_PREFIX: `bench:sess:${process.pid}:`,
        RATE_LIMIT_REDIS_PREFIX: `bench:rl:${process.pid}:`,
      }
    : {}),
  PORT: '0',
});
const database = await openDatabase(url ? { url } : {});
if (process.env.BENCH_DIAG) diagnose((database.db as unknown as { $client: Record<string, unknown> }).$client);
await database.migrate();
await seedDemoIfEmpty(database.db);
await openJobs(database);
const app = await buildApp({ config, database });
const appBase = await app.listen({ port: 0, host: '127.0.0.1' });

// The yardstick reads a user by primary key: one indexed select, nothing of ours around it.
const ONE_QUERY = 'select id, email, first_name, last_name, role from users where id = $1';
const client = (database.db as unknown as { $client: unknown }).$client;
// On PGlite the app's reads run as named statements of their own (apps/server/src/db/pglite-prepared.ts):
// the yardstick does too, so the ratio compares like with like.
const oneQuery: (id: number) => Promise<unknown[]> =
  database.driver === 'postgres'
    ? async (id) => (await (client as pg.Pool).query({ name: 'bench_one_query', text: ONE_QUERY, values: [id] })).rows
    : (id) => database.prepared('bench_one_query', ONE_QUERY, [id]);
const bare = Fastify({ logger: false });
bare.get('/hello', async () => ({ hello: 'world' }));
bare.get('/one-query', async () => {
  const rows = await oneQuery(1);
  return rows[0] ?? null;
});
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

const ready = { appBase, bareBase, driver: database.driver, sessionCache: app.ctx.sessions?.mode ?? 'none' };
// Run by hand (`node bench/read-server.ts`, to poke at it with curl or a profiler): say where it listens.
if (process.send) process.send(ready);
else console.error(JSON.stringify(ready));
async function stop() {
  await bare.close();
  await app.close();
  await closeJobs();
  await database.close();
  // A normal exit, so --cpu-prof writes its profile.
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
});
process.once('SIGTERM', () => void stop());
