// The server side of bench/api-latency.ts, in a process of its own so the load generator does not share
// its event loop: the app on the demo seed (info-level logs, as in production) and, beside it, the two
// yardsticks: a bare Fastify hello-world and a bare Fastify route running one indexed select with a
// prepared statement (`pg` named statement on PostgreSQL; PGlite's own query on PGlite).
import Fastify from 'fastify';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { closeJobs, openJobs } from '../apps/server/src/lib/jobs.ts';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.ts';

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
await database.migrate();
await seedDemoIfEmpty(database.db);
await openJobs(database);
const app = await buildApp({ config, database });
const appBase = await app.listen({ port: 0, host: '127.0.0.1' });

// The yardstick reads a user by primary key: one indexed select, nothing of ours around it.
const ONE_QUERY = 'select id, email, first_name, last_name, role from users where id = $1';
const client = (database.db as unknown as { $client: unknown }).$client;
const oneQuery: (id: number) => Promise<unknown[]> =
  database.driver === 'postgres'
    ? async (id) => (await (client as pg.Pool).query({ name: 'bench_one_query', text: ONE_QUERY, values: [id] })).rows
    : async (id) =>
        (await (client as { query(q: string, p: unknown[]): Promise<{ rows: unknown[] }> }).query(ONE_QUERY, [id]))
          .rows;
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
