// Read latency of the signed-in API over real HTTP, on PGlite (default) or DATABASE_URL.
// Prints p50/p95/p99 and requests per second; asserts nothing.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { closeJobs, openJobs } from '../apps/server/src/lib/jobs.ts';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.ts';
import { measureReads, percentile } from './support.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SIGN_IN_RATE_LIMIT: '100000', PORT: '0' });
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {});
await database.migrate();
await seedDemoIfEmpty(database.db);
await openJobs(database);
const app = await buildApp({ config, database, logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

async function signIn(email: string) {
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrf_token: csrf } = (await response.json()) as { csrf_token: string };
  return { cookie, csrf, ms: performance.now() - started };
}

const measure = (label: string, path: string, cookie: string) =>
  measureReads(base, label, path, cookie, { requests: REQUESTS, concurrency: CONCURRENCY });

console.log(`driver ${database.driver}, ${REQUESTS} requests, concurrency ${CONCURRENCY}`);
const signIns = [];
for (let i = 0; i < 10; i++) signIns.push((await signIn('client@example.com')).ms);
signIns.sort((a, b) => a - b);
console.log(`sign-in (argon2id verify), 10 sequential     p50 ${percentile(signIns, 0.5).toFixed(1)} ms`);

await measure('GET /api/v1/user/me', '/api/v1/user/me', (await signIn('client@example.com')).cookie);
await measure(
  'GET /api/v1/therapist/current',
  '/api/v1/therapist/current',
  (await signIn('therapist@example.com')).cookie,
);
await measure(
  'GET /api/v1/business_accounts/current_business_account',
  '/api/v1/business_accounts/current_business_account',
  (await signIn('business@example.com')).cookie,
);
// The onboarding checkout reads the client's held time: hold the first free one of their therapist.
const client = await signIn('client@example.com');
const lk = (await (await fetch(`${base}/api/v1/user/lk_data`, { headers: { cookie: client.cookie } })).json()) as {
  therapist: { id: string } | null;
};
const today = new Date().toISOString().slice(0, 10);
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const free = (await (
  await fetch(`${base}/api/v1/user/therapists/${lk.therapist?.id}/free_slots?from=${today}&to=${inAWeek}`, {
    headers: { cookie: client.cookie },
  })
).json()) as { days: { slots: { starts_at: string }[] }[] };
const startsAt = free.days.flatMap((d) => d.slots)[0]?.starts_at;
const held = await fetch(`${base}/api/v1/user/slots`, {
  method: 'POST',
  headers: { cookie: client.cookie, 'x-csrf-token': client.csrf, 'content-type': 'application/json' },
  body: JSON.stringify({ therapist_id: lk.therapist?.id, starts_at: startsAt, therapy_type: 'single' }),
});
if (held.status !== 200) throw new Error(`hold failed: ${held.status} ${await held.text()}`);
await measure('GET /api/v1/user/checkout', '/api/v1/user/checkout', client.cookie);
await measure('GET /api/v1/user/passes', '/api/v1/user/passes', client.cookie);
await measure('GET /api/v1/user/pass_status', '/api/v1/user/pass_status', client.cookie);
await measure('GET /api/v1/user/slots', '/api/v1/user/slots', client.cookie);
await measure(
  'GET /api/v1/user/therapists/:id/free_slots (7 days)',
  `/api/v1/user/therapists/${lk.therapist?.id}/free_slots?from=${today}&to=${inAWeek}`,
  client.cookie,
);
await measure('GET /api/v1/user/lk_data', '/api/v1/user/lk_data', client.cookie);
await measure('GET /healthz', '/healthz', '');

await app.close();
await closeJobs();
await database.close();
