// The therapist's clients list and week for a therapist with 1,000 clients and 50,000 sessions, over real
// HTTP, on PGlite (default) or a scratch PostgreSQL database (BENCH_DRIVER=postgres, BENCH_PG_URL). Prints
// p50/p95/p99 and the plans of the list's two queries (which indexes they use); asserts nothing.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type TDatabase } from '../apps/server/src/db/client.ts';
import { closeJobs, openJobs } from '../apps/server/src/lib/jobs.ts';
import { clientFiguresQuery, futureSessionsQuery } from '../apps/server/src/modules/therapist-clients/list-clients.ts';
import { createTherapist } from '../apps/server/src/seed/factories.ts';
import { measureReads, scratchPostgres } from './support.ts';

const CLIENTS = 1000;
const SESSIONS = 50_000;
const FUTURE = 5000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);

const scratch = process.env.BENCH_DRIVER === 'postgres' ? await scratchPostgres('therapy_bench_clients') : null;
const database: TDatabase = scratch?.database ?? (await openDatabase({}));
if (!scratch) await database.migrate();
const { db } = database;

const t0 = performance.now();
const therapist = await createTherapist(db, {
  email: 'bench-therapist@example.test',
  tz: 'Europe/Moscow',
  couple: true,
});
const clients = await db.execute(sql`
  insert into users (email, password_hash, role, first_name, last_name, signed_up)
  select 'bench-client-' || g || '@example.test', ${therapist.passwordHash}, 'client', 'Клиент', 'Номер ' || g, true
  from generate_series(1, ${CLIENTS}) g
  returning id`);
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const firstClient = Math.min(...rowsOf(clients).map((row) => Number(row.id)));
// One session an hour, back to back: 45,000 past (about five years), 5,000 ahead. Every client has history;
// only 600 came in the last 60 days or have sessions ahead, so 400 are archived. Every fifth is a couple.
const past = SESSIONS - FUTURE;
await db.execute(sql`
  with base as (select date_trunc('hour', now()) + interval '1 hour' as at)
  insert into slots (therapist_id, client_id, starts_at, blocked_until, duration_min, therapy_type, status)
  select ${therapist.id},
    ${firstClient} + (case when g > ${past - 1440} then g % 600 else g % ${CLIENTS} end),
    base.at + (g - ${past}) * interval '1 hour',
    base.at + (g - ${past}) * interval '1 hour' + interval '60 minutes',
    50,
    (case when (case when g > ${past - 1440} then g % 600 else g % ${CLIENTS} end) % 5 = 0 then 'couple' else 'single' end)::therapy_type,
    (case when g >= ${past} then 'booked' when g % 10 = 0 then 'missed' else 'completed' end)::slot_status
  from base, generate_series(0, ${SESSIONS - 1}) g`);
await db.execute(sql`analyze slots`);
await db.execute(sql`analyze users`);
console.log(
  `driver ${database.driver}: ${CLIENTS} clients, ${SESSIONS} sessions seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${REQUESTS} requests, concurrency ${CONCURRENCY}`,
);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SIGN_IN_RATE_LIMIT: '100000', PORT: '0' });
await openJobs(database);
const app = await buildApp({ config, database, logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const signedIn = await fetch(`${base}/api/v1/auth/sign_in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench-therapist@example.test', password: 'demo-password' }),
});
const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const list = (await (await fetch(`${base}/api/v1/therapist/users`, { headers: { cookie } })).json()) as {
  hashid: string;
}[];
const archived = (await (
  await fetch(`${base}/api/v1/therapist/users?archived=true`, { headers: { cookie } })
).json()) as unknown[];
console.log(`active ${list.length}, archived ${archived.length}`);

const measure = (label: string, path: string) =>
  measureReads(base, label, path, cookie, { requests: REQUESTS, concurrency: CONCURRENCY });
await measure('GET /api/v1/therapist/users (active)', '/api/v1/therapist/users');
await measure('GET /api/v1/therapist/users?archived=true', '/api/v1/therapist/users?archived=true');
await measure('GET /api/v2/therapist/users', '/api/v2/therapist/users');
await measure('GET /api/v1/therapist/users/:id (client page)', `/api/v1/therapist/users/${list[0]?.hashid}`);
await measure('GET /api/v1/therapist/sessions/upcoming', '/api/v1/therapist/sessions/upcoming');

// The plans: the grouped figures and the future sessions should both read the therapist's slots by index.
const scope = { therapistId: therapist.id, now: new Date() };
for (const [label, query] of [
  ['clients figures', clientFiguresQuery({ db }, scope)],
  ['future sessions', futureSessionsQuery({ db }, scope)],
] as const) {
  const plan = await db.execute(sql`explain (analyze, costs off) ${query}`);
  const lines = rowsOf(plan).map((row) => String(Object.values(row)[0] ?? ''));
  console.log(`\nplan of the ${label} query:`);
  for (const line of lines) if (/Scan|Execution Time|Aggregate|Join/.test(line)) console.log(`  ${line}`);
}

await app.close();
await closeJobs();
if (scratch) await scratch.drop();
else await database.close();
