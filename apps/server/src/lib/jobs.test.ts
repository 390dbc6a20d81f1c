import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { testDatabase } from '../test/database.ts';
import { runDueJobs, scheduleJob } from './jobs.ts';

let database: TDatabase;
beforeAll(async () => {
  database = await testDatabase();
});

const unique = () => `test-${Math.random().toString(36).slice(2)}`;

describe('durable jobs', () => {
  it('schedules a dedupe key once and runs the job once', async () => {
    const kind = unique();
    const key = unique();
    await scheduleJob(database.db, { kind, dedupeKey: key, payload: { n: 1 } });
    await scheduleJob(database.db, { kind, dedupeKey: key, payload: { n: 2 } });
    const seen: unknown[] = [];
    expect(await runDueJobs(database.db, { [kind]: async (job) => void seen.push(job.payload) })).toBe(1);
    expect(await runDueJobs(database.db, { [kind]: async (job) => void seen.push(job.payload) })).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('leaves a job for later until it is due', async () => {
    const kind = unique();
    await scheduleJob(database.db, { kind, dedupeKey: unique(), runAt: new Date(Date.now() + 60_000) });
    expect(await runDueJobs(database.db, { [kind]: async () => {} })).toBe(0);
  });

  it('retries a failed job later with the error kept', async () => {
    const kind = unique();
    const key = unique();
    await scheduleJob(database.db, { kind, dedupeKey: key });
    await runDueJobs(database.db, {
      [kind]: async () => {
        throw new Error('SMTP down');
      },
    });
    const [row] = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, key));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP down' });
    expect(row?.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('picks up a job whose worker died mid-run once its lease has passed', async () => {
    const kind = unique();
    const key = unique();
    await scheduleJob(database.db, { kind, dedupeKey: key });
    await database.db
      .update(jobs)
      .set({ status: 'running', lockedUntil: new Date(Date.now() - 1000), attempts: 1 })
      .where(eq(jobs.dedupeKey, key));
    let runs = 0;
    expect(await runDueJobs(database.db, { [kind]: async () => void runs++ })).toBe(1);
    expect(runs).toBe(1);
  });
});
