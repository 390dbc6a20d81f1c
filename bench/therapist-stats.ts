// The therapist's big reads at scale: the clients list (GET /api/v1/therapist/users) and the metrics
// (GET /api/v1/therapist/metrics) for a therapist with 1,000 clients and 50,000 sessions (plus as many
// sessions of other therapists), on a scratch PostgreSQL database (dropped after). Prints p50/p99 over
// real HTTP, each as a ratio to a bare signed-in read in the same run (GET /api/v1/therapist/current),
// and the EXPLAIN ANALYZE plan of every SQL statement the two routes run, flagging sequential scans of
// slots or users. Asserts nothing. `npx node bench/therapist-stats.ts`
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { closeJobs, openJobs } from '../apps/server/src/lib/jobs.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import { createTherapist } from '../apps/server/src/seed/factories.ts';
import { measureReads, scratchPostgres } from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50_000);
const OTHER_THERAPISTS = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);

/** Every statement sent to PostgreSQL while `recording` is on, with its parameters (for EXPLAIN). */
const recorded: { text: string; values: unknown[] }[] = [];
let recording = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (recording) {
    const [first, second] = args;
    // node-postgres takes (text, values) or ({ text, values }); drizzle sends ({ text, rowMode }, values).
    const config = typeof first === 'string' ? { text: first } : (first as { text?: string; values?: unknown[] });
    if (config?.text)
      recorded.push({ text: config.text, values: Array.isArray(second) ? second : (config.values ?? []) });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const scratch = await scratchPostgres('therapy_bench_tstats');
try {
  const { database } = scratch;
  const db = database.db;
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
  await openJobs(database);
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const therapist = await createTherapist(db, {
    tz: 'Europe/Moscow',
    couple: true,
    email: 'bench-therapist@example.com',
  });
  const others = [];
  for (let i = 0; i < OTHER_THERAPISTS; i++)
    others.push(await createTherapist(db, { email: `bench-other-${i}@example.com` }));
  const started = performance.now();
  // Clients in one statement (the password hash is irrelevant: nobody signs in as them).
  await rawQuery(`insert into users (email, password_hash, role, first_name, last_name, signed_up)
    select 'bench-client-' || g || '@example.com', 'x', 'client', 'Клиент' || g, 'Бенчев', true
    from generate_series(1, ${CLIENTS}) g`);
  const [range] = await rawQuery(`select min(id)::int as lo from users where email like 'bench-client-%'`);
  const lo = Number(range?.lo);
  /**
   * Sessions an hour apart, ending ~1% in the future (booked); of the past ones about 92% completed, the
   * rest cancelled or missed. Each client has SESSIONS / CLIENTS of them, every 5th client in couple
   * therapy. Clients take turns, so every one has a session ahead and the archive is empty: the archived
   * list still reads and computes all 1,000 clients (the archive rule is applied after the query). The
   * other therapists get as many sessions, spread among them. Inserted in chunks: one statement for all
   * of them outlasts the pool's statement timeout on a loaded machine.
   */
  const CHUNK = 5_000;
  const insertSessions = async (therapistIds: number[], count: number) => {
    for (let from = 0; from < count; from += CHUNK)
      await insertChunk(therapistIds, count, from, Math.min(count, from + CHUNK) - 1);
  };
  const insertChunk = (therapistIds: number[], count: number, from: number, to: number) =>
    rawQuery(`insert into slots (therapist_id, client_id, starts_at, blocked_until, therapy_type, status)
      select t.id, ${lo} + (g % ${CLIENTS}), s.at, s.at + interval '60 minutes',
        (case when (g % ${CLIENTS}) % 5 = 0 then 'couple' else 'single' end)::therapy_type,
        (case when s.at > now() then 'booked' when g % 20 = 0 then 'cancelled' when g % 33 = 0 then 'missed' else 'completed' end)::slot_status
      from generate_series(${from}, ${to}) g
      cross join lateral (select (array[${therapistIds.join(',')}])[1 + g % ${therapistIds.length}] as id) t
      cross join lateral (select date_trunc('hour', now()) + interval '1 hour' * (g / ${therapistIds.length} - ${Math.floor(
        (count / therapistIds.length) * 0.99,
      )}) as at) s`);
  await insertSessions([therapist.id], SESSIONS);
  await insertSessions(
    others.map((o) => o.id),
    SESSIONS,
  );
  await rawQuery('vacuum analyze');
  const counts = await rawQuery(
    `select count(*)::int as all, count(*) filter (where therapist_id = ${therapist.id})::int as mine from slots`,
  );
  console.log(
    `scratch PostgreSQL: ${CLIENTS} clients, ${counts[0]?.mine} sessions of the therapist, ${counts[0]?.all} in all, filled in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`${REQUESTS} requests per route, concurrency ${CONCURRENCY}\n`);

  const { token } = await createSession(app.ctx, therapist.id, {});
  const cookie = `${SESSION_COOKIE}=${token}`;
  const measure = (label: string, path: string) =>
    measureReads(base, label, path, cookie, { requests: REQUESTS, concurrency: CONCURRENCY });

  const reference = await measure('reference: GET /api/v1/therapist/current', '/api/v1/therapist/current');
  const routes = [
    ['GET /api/v1/therapist/users?archived=false', '/api/v1/therapist/users?archived=false'],
    ['GET /api/v1/therapist/users?archived=true', '/api/v1/therapist/users?archived=true'],
    ['GET /api/v1/therapist/metrics', '/api/v1/therapist/metrics'],
  ] as const;
  const results = [];
  for (const [label, path] of routes) results.push({ label, ...(await measure(label, path)) });
  console.log('\nratio to the reference read (p50 / p99):');
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(48)} ×${(r.p50 / reference.p50).toFixed(1)} / ×${(r.p99 / reference.p99).toFixed(1)}`,
    );
  }

  // The plans: record every statement of one request of each route, then EXPLAIN ANALYZE it.
  for (const [label, path] of routes.filter((r) => !r[1].endsWith('true'))) {
    recorded.length = 0;
    recording = true;
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    await response.arrayBuffer();
    recording = false;
    const statements = recorded.filter(
      (q) => /^\s*(select|with)/i.test(q.text) && !/auth_sessions|"users"\."id" = \$1/i.test(q.text),
    );
    for (const { text, values } of statements) {
      const rows = await rawQuery(`explain (analyze, buffers off, costs off) ${text}`, values);
      const lines = rows.map((row) => String(row['QUERY PLAN']));
      const seq = lines.filter((l) => /Seq Scan on (slots|users)\b/.test(l));
      console.log(`\n${label}: ${text.replace(/\s+/g, ' ').slice(0, 110)}…`);
      for (const line of lines) console.log(`    ${line}`);
      console.log(
        seq.length
          ? `  !! sequential scan of a big table: ${seq.join('; ').trim()}`
          : '  no sequential scan of slots or users',
      );
    }
  }

  await app.close();
  await closeJobs();
} finally {
  await scratch.drop();
}

/** One statement with its parameters on the scratch database's pool (drizzle's execute takes no raw text). */
async function rawQuery(text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const pool = (scratch.database.db as unknown as { $client: pg.Pool }).$client;
  const result = await pool.query(text, values);
  return result.rows as Record<string, unknown>[];
}
