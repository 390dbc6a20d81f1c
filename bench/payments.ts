// Payments under pressure, printed, nothing asserted:
//  1. 100 concurrent POST /api/v1/user/passes/:id/buy with ONE Idempotency-Key over real HTTP:
//     how many purchases, passes and checkouts exist afterwards (must be 1 each).
//  2. A storm of 1,000 signed sandbox webhook deliveries over real HTTP (duplicates and
//     reorderings included, 20 at a time): does every purchase end in the state its events
//     point to, with each event stored once?
//  3. The sandbox checkout end to end over HTTP (buy → card form → webhook to our own URL).
// Runs on PGlite (in-process), then on PostgreSQL in a database of its own, dropped after.
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres); BENCH_SKIP_PG=1 skips it.
import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type TDatabase } from '../apps/server/src/db/client.ts';
import {
  clientPasses,
  passPurchases,
  paymentEvents,
  sandboxCheckouts,
  type TSandboxCheckoutRow,
} from '../apps/server/src/db/schema/index.ts';
import { closeJobs, openJobs } from '../apps/server/src/lib/jobs.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import {
  buildSandboxEvent,
  type TSandboxEventType,
} from '../apps/server/src/modules/payment-providers/sandbox/sandbox-event.ts';
import { signSandboxPayload } from '../apps/server/src/modules/payment-providers/sandbox/sandbox-signature.ts';
import type { TPaymentEventKind } from '../apps/server/src/modules/payment-providers/types.ts';
import { targetStatus } from '../apps/server/src/modules/purchases/purchase-state.ts';
import { createPurchase } from '../apps/server/src/seed/commerce-factories.ts';
import { createClient, createPass } from '../apps/server/src/seed/factories.ts';
import { percentile, scratchPostgres } from './support.ts';

const BUYS = Number(process.env.BENCH_BUYS ?? 100);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1000);
const STORM_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 50);
const SECRET = 'bench-sandbox-webhook-secret';

const config = loadConfig({
  ...process.env,
  APP_ENV: 'test',
  LOG_LEVEL: 'silent',
  PAYMENTS_PROVIDER: 'sandbox',
  PAYMENT_RATE_LIMIT: '1000000',
  SANDBOX_WEBHOOK_SECRET: SECRET,
  WEB_DIST_DIR: '/nonexistent-web-dist',
});

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** A tiny seeded generator, so a run can be repeated exactly. */
function createRandom(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

type TApp = Awaited<ReturnType<typeof buildApp>>;

async function signedIn(app: TApp) {
  const client = await createClient(app.ctx.db);
  const session = await createSession(app.ctx, client.id, {});
  return {
    client,
    headers: { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-csrf-token': session.csrfToken },
  };
}

async function idempotentBuys(app: TApp, base: string) {
  const { db } = app.ctx;
  const { client, headers } = await signedIn(app);
  const pass = await createPass(db, { sessionsCount: 4 });
  const key = randomUUID();
  const url = `${base}/api/v1/user/passes/${app.ctx.hashids.encode('pass', pass.id)}/buy`;
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const ids = new Set<string>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYS }, async () => {
      const t0 = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'rub', payment_method_key: 'cloud_payments' }),
      });
      const body = (await response.json()) as { id?: string };
      times.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (body.id) ids.add(body.id);
    }),
  );
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const n = async (table: typeof passPurchases | typeof clientPasses) =>
    (await db.select({ n: count() }).from(table).where(eq(table.userId, client.id)))[0]?.n ?? 0;
  const purchases = await n(passPurchases);
  const [checkouts] = await db
    .select({ n: count() })
    .from(sandboxCheckouts)
    .innerJoin(passPurchases, eq(passPurchases.id, sandboxCheckouts.purchaseId))
    .where(eq(passPurchases.userId, client.id));
  console.log(
    `  ${BUYS} concurrent buys, one key: statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
      `distinct purchase ids answered ${ids.size}; in the database: ${purchases} purchase, ` +
      `${await n(clientPasses)} pass, ${checkouts?.n ?? 0} checkout page`,
  );
  console.log(
    `  latency p50 ${ms(percentile(times, 0.5))}, p99 ${ms(percentile(times, 0.99))}, all ${BUYS} in ${ms(total)}`,
  );
}

/** What may happen to a checkout, as the events a provider would send about it. */
const SCRIPTS: TSandboxEventType[][] = [
  ['checkout.succeeded'],
  ['checkout.payment_failed', 'checkout.payment_failed', 'checkout.succeeded'],
  ['checkout.cancelled'],
  ['checkout.cancelled', 'checkout.succeeded'],
  ['checkout.succeeded', 'charge.refunded'],
  ['checkout.expired'],
  ['checkout.payment_failed'],
];
const KIND: Record<TSandboxEventType, TPaymentEventKind> = {
  'checkout.succeeded': 'succeeded',
  'checkout.payment_failed': 'failed',
  'checkout.cancelled': 'cancelled',
  'checkout.expired': 'cancelled',
  'charge.refunded': 'refunded',
};

async function webhookStorm(app: TApp, base: string) {
  const { db } = app.ctx;
  const random = createRandom(20261122);
  const pass = await createPass(db, { sessionsCount: 4 });
  const { client } = await signedIn(app);
  type TDelivery = { purchaseId: number; body: string };
  const unique: TDelivery[] = [];
  const expected = new Map<number, string>();
  // About 1.6 distinct events per purchase, each delivered about 3 times: ~213 purchases make 1,000 deliveries.
  const purchases = Math.round(DELIVERIES / 4.7);
  for (let i = 0; i < purchases; i++) {
    const { purchase } = await createPurchase(db, { userId: client.id, passId: pass.id, provider: 'sandbox' });
    const token = `bench${purchase.id}_${randomBytes(4).toString('hex')}`;
    await db.update(passPurchases).set({ providerRef: token }).where(eq(passPurchases.id, purchase.id));
    const checkout = {
      token,
      purchaseId: purchase.id,
      amount: purchase.amountPaid,
      currency: purchase.currency,
      cardLast: '4242',
    } as TSandboxCheckoutRow;
    const script = SCRIPTS[random.int(0, SCRIPTS.length - 1)] ?? [];
    let failures = 0;
    for (const type of script) {
      const attempt = type === 'checkout.payment_failed' ? ++failures : undefined;
      unique.push({
        purchaseId: purchase.id,
        body: JSON.stringify(buildSandboxEvent(app.ctx.hashids, checkout, type, { attempt })),
      });
    }
    expected.set(
      purchase.id,
      targetStatus(
        'pending',
        script.map((type) => KIND[type]),
      ),
    );
  }
  // Every event at least once, the rest duplicates, all shuffled (so some arrive before the ones they follow).
  const deliveries = [...unique];
  while (deliveries.length < DELIVERIES) deliveries.push(unique[random.int(0, unique.length - 1)] as TDelivery);
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [deliveries[i], deliveries[j]] = [deliveries[j] as TDelivery, deliveries[i] as TDelivery];
  }

  const times: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: STORM_CONCURRENCY }, async () => {
      while (next < deliveries.length) {
        const delivery = deliveries[next++] as TDelivery;
        const t0 = performance.now();
        const response = await fetch(`${base}/api/v1/payments/webhooks/sandbox`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'sandbox-signature': signSandboxPayload(delivery.body, SECRET),
          },
          body: delivery.body,
        });
        await response.arrayBuffer();
        times.push(performance.now() - t0);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const total = performance.now() - started;
  times.sort((a, b) => a - b);

  const ids = [...expected.keys()];
  const rows = await db
    .select({ id: passPurchases.id, status: passPurchases.status, pass: clientPasses.status })
    .from(passPurchases)
    .innerJoin(clientPasses, eq(clientPasses.id, passPurchases.clientPassId))
    .where(inArray(passPurchases.id, ids));
  const passStatusOf: Record<string, string> = {
    pending: 'pending_purchase',
    completed: 'active',
    cancelled: 'cancelled',
    refunded: 'refunded',
  };
  const wrong = rows.filter((r) => r.status !== expected.get(r.id) || r.pass !== passStatusOf[r.status]);
  const [stored] = await db.select({ n: count() }).from(paymentEvents).where(inArray(paymentEvents.purchaseId, ids));
  const byStatus = rows.reduce<Record<string, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1;
    return acc;
  }, {});
  console.log(
    `  ${deliveries.length} deliveries (${unique.length} distinct events, ${deliveries.length - unique.length} duplicates, shuffled) ` +
      `for ${ids.length} purchases, ${STORM_CONCURRENCY} at a time: statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  console.log(
    `  events stored ${stored?.n ?? 0} (expected ${unique.length}); purchases ${JSON.stringify(byStatus)}; ` +
      `in the wrong state: ${wrong.length}`,
  );
  console.log(
    `  latency p50 ${ms(percentile(times, 0.5))}, p99 ${ms(percentile(times, 0.99))}, ` +
      `${(deliveries.length / (total / 1000)).toFixed(0)} deliveries/s`,
  );
}

async function sandboxJourneys(app: TApp, base: string) {
  const { db } = app.ctx;
  const runtime = app.payments;
  runtime.sendWebhook = async (delivery) => {
    const response = await fetch(`${base}${new URL(delivery.url).pathname}`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    await response.arrayBuffer();
    return { status: response.status };
  };
  const pass = await createPass(db, { sessionsCount: 4 });
  const buyers = await Promise.all(Array.from({ length: CHECKOUTS }, () => signedIn(app)));
  const times: number[] = [];
  const started = performance.now();
  let completed = 0;
  await Promise.all(
    buyers.map(async ({ headers }) => {
      const t0 = performance.now();
      const bought = await fetch(`${base}/api/v1/user/passes/${app.ctx.hashids.encode('pass', pass.id)}/buy`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'rub', payment_method_key: 'cloud_payments' }),
      });
      const { id, payment_url } = (await bought.json()) as { id: string; payment_url: string };
      await (await fetch(`${base}${payment_url}`)).arrayBuffer();
      const paid = await fetch(`${base}${payment_url}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'card_number=4242+4242+4242+4242&expiry=12%2F39&cvc=123',
        redirect: 'manual',
      });
      await paid.arrayBuffer();
      const status = await fetch(`${base}/api/v1/user/pass_purchases/${id}`, { headers });
      if (((await status.json()) as { status: string }).status === 'completed') completed++;
      times.push(performance.now() - t0);
    }),
  );
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const [events] = await db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents);
  console.log(
    `  ${CHECKOUTS} clients at once: buy → checkout page → card 4242 → signed webhook over HTTP: ` +
      `${completed}/${CHECKOUTS} completed; whole journey p50 ${ms(percentile(times, 0.5))}, ` +
      `p99 ${ms(percentile(times, 0.99))}, all in ${ms(total)} (payment events in db: ${events?.n ?? 0})`,
  );
}

async function run(label: string, database: TDatabase) {
  await openJobs(database);
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`\n${label}`);
  try {
    await idempotentBuys(app, base);
    await webhookStorm(app, base);
    await sandboxJourneys(app, base);
  } finally {
    await app.close();
    await closeJobs();
  }
}

const pglite = await openDatabase({});
await pglite.migrate();
await run('PGlite (in-process)', pglite);
await pglite.close();

if (process.env.BENCH_SKIP_PG !== '1') {
  const scratch = await scratchPostgres('therapy_bench_pay');
  try {
    await run('PostgreSQL (scratch database, dropped after)', scratch.database);
  } finally {
    await scratch.drop();
  }
}
