import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client.ts';
import { testDatabase } from '../test/database.ts';
import { hasOptions, openJobQueue, type TJob, type TJobLog, type TJobQueue } from './job-queue.ts';

// Kinds of this run only, so reruns on one database never meet old jobs.
const run = randomBytes(3).toString('hex');
const kind = (name: string) => `test.${name}-${run}`;
const KINDS = {
  [kind('plain')]: {},
  [kind('timed')]: {},
  [kind('cancel')]: {},
  [kind('flaky')]: { retryLimit: 2, retryDelay: 60, retryBackoff: true },
  [kind('kept')]: { deleteAfterSeconds: 2 },
  [kind('depth')]: { retryLimit: 0 },
};
const key = () => `key-${randomBytes(6).toString('hex')}`;

const logged: { level: string; object: Record<string, unknown>; message: string }[] = [];
const log: TJobLog = {
  warn: (object, message) => void logged.push({ level: 'warn', object, message }),
  error: (object, message) => void logged.push({ level: 'error', object, message }),
};

let database: TDatabase;
let queue: TJobQueue;
beforeAll(async () => {
  database = await testDatabase();
  queue = await openJobQueue(database, {
    kinds: KINDS,
    log,
    // Maintenance runs only when a test asks for it, and may run again a second later.
    boss: { supervise: false, registerInstance: false, maintenanceIntervalSeconds: 1, monitorIntervalSeconds: 1 },
  });
});
afterAll(async () => {
  await queue.stop();
});

/** A handler that records the jobs it ran. */
function recorder() {
  const ran: TJob[] = [];
  return { ran, handler: async (job: TJob) => void ran.push(job) };
}

describe('job queue (pg-boss)', () => {
  it('makes a job exactly when the transaction scheduling it commits', async () => {
    const k = key();
    await expect(
      database.db.transaction(async (tx) => {
        expect(await queue.schedule(tx, { kind: kind('plain'), dedupeKey: k, payload: { n: 1 } })).toBe(true);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queue.find({ keys: [k] })).toEqual([]);
    const { ran, handler } = recorder();
    expect(await queue.runDue({ [kind('plain')]: handler })).toBe(0);

    // The rolled-back key was never taken: the change made again schedules it.
    await database.db.transaction(async (tx) => {
      await queue.schedule(tx, { kind: kind('plain'), dedupeKey: k, payload: { n: 2 } });
    });
    expect(await queue.runDue({ [kind('plain')]: handler })).toBe(1);
    expect(ran.map((job) => [job.dedupeKey, job.payload, job.attempt])).toEqual([[k, { n: 2 }, 0]]);
  });

  it('makes one job per dedupe key, ever: scheduled again, at once, after it ran and after it was deleted', async () => {
    const k = key();
    const plain = kind('kept');
    expect(await queue.schedule(database.db, { kind: plain, dedupeKey: k, payload: { n: 1 } })).toBe(true);
    expect(await queue.schedule(database.db, { kind: plain, dedupeKey: k, payload: { n: 2 } })).toBe(false);
    const { ran, handler } = recorder();
    expect(await queue.runDue({ [plain]: handler })).toBe(1);
    expect(await queue.schedule(database.db, { kind: plain, dedupeKey: k, payload: { n: 3 } })).toBe(false);
    expect(await queue.runDue({ [plain]: handler })).toBe(0);
    expect((await queue.find({ keys: [k] })).map((job) => job.state)).toEqual(['completed']);

    // A week later (here: two seconds) pg-boss deletes the finished job; its key still holds.
    await sleep(2100);
    await queue.supervise(plain);
    expect(await queue.find({ keys: [k] })).toEqual([]);
    expect(await queue.schedule(database.db, { kind: plain, dedupeKey: k, payload: { n: 4 } })).toBe(false);
    expect(await queue.runDue({ [plain]: handler })).toBe(0);
    expect(ran.map((job) => job.payload)).toEqual([{ n: 1 }]);

    // Replays racing each other in their own transactions: one wins.
    const raced = key();
    const made = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        database.db.transaction((tx) => queue.schedule(tx, { kind: plain, dedupeKey: raced, payload: { n } })),
      ),
    );
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await queue.runDue({ [plain]: handler })).toBe(1);
  });

  it('deletes finished jobs after their retention and keeps the waiting ones', async () => {
    const kept = kind('kept');
    const [done, later] = [key(), key()];
    await queue.schedule(database.db, { kind: kept, dedupeKey: done });
    await queue.schedule(database.db, { kind: kept, dedupeKey: later, runAt: new Date(Date.now() + 3_600_000) });
    await queue.runDue({ [kept]: async () => {} });
    await queue.supervise(kept);
    // Not yet: it finished less than its retention ago.
    expect((await queue.find({ keys: [done, later] })).map((job) => job.state)).toEqual(['completed', 'created']);
    await sleep(2100);
    await queue.supervise(kept);
    expect((await queue.find({ keys: [done, later] })).map((job) => [job.dedupeKey, job.state])).toEqual([
      [later, 'created'],
    ]);
  });

  it('cancels by key; a cancel rolled back with its change leaves the job', async () => {
    const cancel = kind('cancel');
    const [a, b] = [key(), key()];
    await queue.schedule(database.db, { kind: cancel, dedupeKey: a, runAt: new Date(Date.now() - 1000) });
    await queue.schedule(database.db, { kind: cancel, dedupeKey: b });
    await expect(
      database.db.transaction(async (tx) => {
        expect(await queue.cancel(tx, [a, b])).toBe(2);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow();
    expect((await queue.find({ keys: [a, b] })).map((job) => job.state)).toEqual(['created', 'created']);

    expect(await queue.cancel(database.db, [a, 'no-such-key'])).toBe(1);
    const { ran, handler } = recorder();
    expect(await queue.runDue({ [cancel]: handler })).toBe(1);
    expect(ran.map((job) => job.dedupeKey)).toEqual([b]);
    expect((await queue.find({ keys: [a, b] })).map((job) => job.state)).toEqual(['cancelled', 'completed']);
    // Finished jobs are past cancelling.
    expect(await queue.cancel(database.db, [a, b])).toBe(0);
  });

  it('runs a job at its time, not before', async () => {
    const timed = kind('timed');
    const k = key();
    const at = new Date(Date.now() + 1500);
    await queue.schedule(database.db, { kind: timed, dedupeKey: k, runAt: at });
    const { ran, handler } = recorder();
    expect(await queue.runDue({ [timed]: handler })).toBe(0);
    const [waiting] = await queue.find({ keys: [k] });
    expect(waiting?.runAt.getTime()).toBe(at.getTime());
    await sleep(at.getTime() - Date.now() + 100);
    expect(await queue.runDue({ [timed]: handler })).toBe(1);
    expect(ran).toHaveLength(1);
  });

  it('logs a failure by kind and id without its payload, retries it with growing back-off, then marks it failed', async () => {
    const flaky = kind('flaky');
    const k = key();
    await queue.schedule(database.db, { kind: flaky, dedupeKey: k, payload: { email: 'client-secret@example.com' } });
    let runs = 0;
    const failing = {
      [flaky]: async () => {
        runs++;
        throw new Error('SMTP 451 try again later');
      },
    };
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      const before = Date.now();
      expect(await queue.runDue(failing)).toBe(1);
      const [job] = await queue.find({ keys: [k] });
      expect(job).toMatchObject({ state: 'retry', output: { message: 'SMTP 451 try again later' } });
      delays.push((job?.runAt.getTime() ?? 0) - before);
      // Its back-off has not passed: nothing is due.
      expect(await queue.runDue(failing)).toBe(0);
      await queue.makeDue([k]);
    }
    // retryDelay 60 s doubled per retry, with up to as much again of jitter: 60–120 s, then 120–240 s.
    expect(delays[0]).toBeGreaterThanOrEqual(59_000);
    expect(delays[0]).toBeLessThanOrEqual(121_000);
    expect(delays[1]).toBeGreaterThanOrEqual(119_000);
    expect(delays[1]).toBeLessThanOrEqual(241_000);

    expect(await queue.runDue(failing)).toBe(1);
    expect((await queue.find({ keys: [k] }))[0]?.state).toBe('failed');
    expect(await queue.runDue(failing)).toBe(0);
    expect(runs).toBe(3);

    const lines = logged.filter((line) => (line.object.job as { kind?: string } | undefined)?.kind === flaky);
    expect(lines.map((line) => [line.level, line.message, (line.object.job as { attempt: number }).attempt])).toEqual([
      ['warn', 'job failed, will retry', 1],
      ['warn', 'job failed, will retry', 2],
      ['error', 'job failed for good', 3],
    ]);
    const [job] = await queue.find({ keys: [k] });
    expect(lines[0]?.object).toEqual({
      job: { kind: flaky, id: job?.id, attempt: 1, attempts: 3 },
      err: { name: 'Error', message: 'SMTP 451 try again later' },
    });
    expect(JSON.stringify(logged)).not.toContain('client-secret');
  });

  it('reports queue depth and failures per kind', async () => {
    const depth = kind('depth');
    const doomed = key();
    await queue.schedule(database.db, { kind: depth, dedupeKey: doomed });
    // The oldest, fetched first, fails with no retries left.
    const [fetched] = await queue.boss.fetch(depth);
    expect(fetched?.id).toBe((await queue.find({ keys: [doomed] }))[0]?.id);
    await queue.boss.fail(depth, fetched?.id ?? '');
    await queue.schedule(database.db, { kind: depth, dedupeKey: key() });
    await queue.schedule(database.db, { kind: depth, dedupeKey: key() });
    await queue.schedule(database.db, { kind: depth, dedupeKey: key(), runAt: new Date(Date.now() + 3_600_000) });
    const stats = await queue.stats();
    expect(stats.find((s) => s.kind === depth)).toEqual({
      kind: depth,
      queued: 3,
      ready: 2,
      deferred: 1,
      active: 0,
      failed: 1,
      failedRuns: 0,
    });
    expect(stats.find((s) => s.kind === kind('flaky'))).toMatchObject({ failed: 1, failedRuns: 3 });
  });

  it('refuses a kind it has no queue for, before touching the database', async () => {
    await expect(queue.schedule(database.db, { kind: 'test.unknown', dedupeKey: key() })).rejects.toThrow(
      'Unknown job kind test.unknown',
    );
  });
});

describe('job worker', () => {
  it('works jobs by itself beside the app’s own transactions, and a graceful stop lets the running job finish', async () => {
    const slow = `test.slow-${run}`;
    const worker = await openJobQueue(database, {
      kinds: { [slow]: {} },
      log,
      boss: { supervise: false, registerInstance: false },
    });
    const events: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    await worker.work(
      {
        [slow]: async (job) => {
          if (job.payload.slow) {
            events.push(`start ${job.dedupeKey}`);
            started();
            await sleep(1000);
            events.push(`finish ${job.dedupeKey}`);
            return;
          }
          if (job.payload.fail) {
            events.push(`fail ${job.dedupeKey}`);
            throw new Error('mailbox full');
          }
          // Handlers run their own transactions while the poller and other transactions go on.
          await database.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(0.02)`);
          });
          events.push(`quick ${job.dedupeKey}`);
        },
      },
      { pollingIntervalSeconds: 0.5 },
    );
    // Transactions that hold the connection a while (on PGlite, the only one) as pg-boss polls.
    const keys = Array.from({ length: 12 }, key);
    await Promise.all(
      keys.map((k, n) =>
        database.db.transaction(async (tx) => {
          await worker.schedule(tx, { kind: slow, dedupeKey: k, payload: { fail: n === 0 } });
          await tx.execute(sql`select pg_sleep(0.05)`);
        }),
      ),
    );
    for (let waited = 0; events.length < keys.length && waited < 15_000; waited += 100) await sleep(100);
    expect(events.sort()).toEqual([`fail ${keys[0]}`, ...keys.slice(1).map((k) => `quick ${k}`)].sort());
    // The failed one waits for its retry, its error kept; the others are done.
    const settled = await worker.find({ keys });
    expect(settled.filter((job) => job.state === 'completed')).toHaveLength(11);
    expect(settled.find((job) => job.dedupeKey === keys[0])).toMatchObject({
      state: 'retry',
      output: { message: 'mailbox full' },
    });

    events.length = 0;
    const k = key();
    await worker.schedule(database.db, { kind: slow, dedupeKey: k, payload: { slow: true } });
    await running;
    await worker.stop();
    events.push('stopped');
    expect(events).toEqual([`start ${k}`, `finish ${k}`, 'stopped']);
    expect((await queue.boss.findJobs(slow, { id: (await worker.find({ keys: [k] }))[0]?.id }))[0]?.state).toBe(
      'completed',
    );
  });
});

describe('opening the queue again', () => {
  it('keeps the queues that have this release’s options and updates the ones an earlier release made', async () => {
    const kept = `test.kept-${run}`;
    const changed = `test.changed-${run}`;
    const open = (retryLimit: number) =>
      openJobQueue(database, {
        kinds: { [kept]: { retryLimit: 2 }, [changed]: { retryLimit } },
        log,
        boss: { supervise: false, registerInstance: false },
      });
    const first = await open(1);
    await first.stop();
    const second = await open(7);
    try {
      expect((await second.boss.getQueue(kept))?.retryLimit).toBe(2);
      expect((await second.boss.getQueue(changed))?.retryLimit).toBe(7);
    } finally {
      await second.stop();
    }
  });

  it('compares the options it sets with the stored ones', () => {
    const stored = { name: 'q', retryLimit: 5, retryBackoff: true, retryDelayMax: 3600, queuedCount: 3 };
    expect(hasOptions(stored, { retryLimit: 5, retryBackoff: true, retryDelayMax: 3600 })).toBe(true);
    expect(hasOptions(stored, { retryLimit: 5, retryBackoff: false })).toBe(false);
    expect(hasOptions(stored, { retryLimit: 5, heartbeatSeconds: 30 })).toBe(false);
  });
});
