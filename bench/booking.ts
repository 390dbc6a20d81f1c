import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type TDatabase } from '../apps/server/src/db/client.ts';
import { clientPasses, jobKeys, slots, users } from '../apps/server/src/db/schema/index.ts';
import { closeJobs, openJobs } from '../apps/server/src/lib/jobs.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.ts';
import {
  createClient,
  createClientPass,
  createPass,
  createTherapist,
  setTherapistSchedule,
} from '../apps/server/src/seed/factories.ts';
import { measureReads, scratchPostgres } from './support.ts';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 200);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

const config = loadConfig({
  ...process.env,
  APP_ENV: 'test',
  LOG_LEVEL: 'silent',
  SIGN_IN_RATE_LIMIT: '100000',
  WEB_DIST_DIR: '/nonexistent-web-dist',
});

async function contention(label: string, database: TDatabase) {
  await openJobs(database);
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = database;
  try {
    const therapist = await createTherapist(db, { tz: 'Europe/Moscow' });
    await setTherapistSchedule(db, therapist.id, {
      rules: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 600, endMinute: 1140 })),
    });
    const pass = await createPass(db);
    const clients = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      const client = await createClient(db);
      await createClientPass(db, { userId: client.id, passId: pass.id, sessionsTotal: 4 });
      const session = await createSession(app.ctx, client.id, {});
      clients.push({ id: client.id, cookie: `${SESSION_COOKIE}=${session.token}`, csrf: session.csrfToken });
    }
    const startsAt = DateTime.now().setZone('Europe/Moscow').startOf('day').plus({ days: 3 }).set({ hour: 12 });
    const body = JSON.stringify({
      therapist_id: app.ctx.hashids.encode('user', therapist.id),
      starts_at: startsAt.toUTC().toISO(),
      therapy_type: 'single',
    });

    const outcomes = new Map<string, number>();
    const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    const started = performance.now();
    await Promise.all(
      clients.map(async (c) => {
        const headers = { cookie: c.cookie, 'x-csrf-token': c.csrf, 'content-type': 'application/json' };
        const held = await fetch(`${base}/api/v1/user/slots`, { method: 'POST', headers, body });
        const heldBody = (await held.json()) as { id?: string; error?: { code: string; message: string } };
        if (held.status !== 200 || !heldBody.id) {
          count(`hold ${held.status} ${heldBody.error?.code}: ${heldBody.error?.message}`);
          return;
        }
        const booked = await fetch(`${base}/api/v1/user/slots/${heldBody.id}/book`, {
          method: 'POST',
          headers: { cookie: c.cookie, 'x-csrf-token': c.csrf },
        });
        await booked.arrayBuffer();
        count(booked.status === 200 ? 'held and booked' : `book ${booked.status}`);
      }),
    );
    const ms = performance.now() - started;

    const clientIds = clients.map((c) => c.id);
    const rows = await db
      .select({ status: slots.status, n: sql<number>`count(*)::int` })
      .from(slots)
      .where(eq(slots.therapistId, therapist.id))
      .groupBy(slots.status);
    const [left] = await db
      .select({ total: sum(clientPasses.sessionsLeft) })
      .from(clientPasses)
      .where(inArray(clientPasses.userId, clientIds));
    const slotIds = (await db.select({ id: slots.id }).from(slots).where(eq(slots.therapistId, therapist.id))).map(
      (s) => s.id,
    );
    // Every job ever made for those slots (keys name the slot: `booking-confirmed:<id>`, `reminder-1h:<id>:…`).
    const jobRows = slotIds.length
      ? await db
          .select({ kind: jobKeys.kind, n: sql<number>`count(*)::int` })
          .from(jobKeys)
          .where(inArray(sql`split_part(${jobKeys.dedupeKey}, ':', 2)`, slotIds.map(String)))
          .groupBy(jobKeys.kind)
      : [];
    const [heldLeft] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(slots)
      .where(and(inArray(slots.clientId, clientIds), eq(slots.status, 'held')));

    console.log(`\n${label}: ${ATTEMPTS} clients hold and book one time at once (${ms.toFixed(0)} ms)`);
    for (const [outcome, n] of [...outcomes].sort((a, b) => b[1] - a[1]))
      console.log(`  ${String(n).padStart(4)}  ${outcome}`);
    console.log(`  slots of the therapist by status: ${rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
    console.log(`  holds left over: ${heldLeft?.n ?? 0}`);
    console.log(`  sessions spent from passes: ${ATTEMPTS * 4 - Number(left?.total ?? 0)}`);
    console.log(`  jobs of those slots: ${jobRows.map((j) => `${j.kind} ${j.n}`).join(', ')}`);
  } finally {
    await app.close();
    await closeJobs();
  }
}

const measure = (base: string, label: string, path: string, cookie: string, concurrency = CONCURRENCY) =>
  measureReads(base, label, path, cookie, { requests: REQUESTS, concurrency, indent: '  ' });

async function reads(database: TDatabase) {
  await seedDemoIfEmpty(database.db);
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const signIn = await fetch(`${base}/api/v1/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'client@example.com', password: 'demo-password' }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const [therapist] = await database.db.select().from(users).where(eq(users.email, 'therapist@example.com'));
    const id = app.ctx.hashids.encode('user', therapist?.id ?? 0);
    const today = DateTime.now().setZone('Europe/Moscow');
    const week = `from=${today.toISODate()}&to=${today.plus({ days: 6 }).toISODate()}`;
    const month = `from=${today.toISODate()}&to=${today.plus({ days: 30 }).toISODate()}`;
    for (const concurrency of [1, CONCURRENCY]) {
      console.log(`\nreads on ${database.driver} with the demo data, ${REQUESTS} requests, concurrency ${concurrency}`);
      await measure(
        base,
        'GET free_slots, 7 days',
        `/api/v1/user/therapists/${id}/free_slots?${week}`,
        cookie,
        concurrency,
      );
      await measure(
        base,
        'GET free_slots, 31 days',
        `/api/v1/user/therapists/${id}/free_slots?${month}`,
        cookie,
        concurrency,
      );
      await measure(base, 'GET /api/v1/user/slots', '/api/v1/user/slots', cookie, concurrency);
    }
  } finally {
    await app.close();
  }
}

// BENCH_PARTS=contention or BENCH_PARTS=reads runs one half.
const parts = (process.env.BENCH_PARTS ?? 'contention,reads').split(',');
if (parts.includes('contention')) {
  const pglite = await openDatabase({});
  await pglite.migrate();
  await contention('PGlite (in-process)', pglite);
  await pglite.close();

  const contended = await scratchPostgres();
  try {
    await contention('PostgreSQL', contended.database);
  } finally {
    await contended.drop();
  }
}
if (parts.includes('reads')) {
  const demo = await scratchPostgres();
  try {
    await reads(demo.database);
  } finally {
    await demo.drop();
  }
}
