import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client.ts';
import { testDatabase } from '../test/database.ts';
import { JOB_KINDS } from './job-kinds.ts';
import { cancelJobs, findJobs, jobStats, scheduleJob, startJobs } from './jobs.ts';

let database: TDatabase;
beforeAll(async () => {
  database = await testDatabase();
});

const quiet = { warn() {}, error() {} };

describe('the process job queue', () => {
  it('refuses to start working without a handler for every kind', async () => {
    await expect(startJobs(database, { 'email.send': async () => {} }, quiet)).rejects.toThrow(
      /No job handler for email\.booking_confirmed, .*payments\.reconcile_purchase/,
    );
  });

  it('schedules and cancels the kinds of the catalogue through the open queue', async () => {
    const key = `expire-holds:test-${randomBytes(4).toString('hex')}`;
    const runAt = new Date(Date.now() + 3_600_000);
    await database.db.transaction(async (tx) => {
      expect(await scheduleJob(tx, { kind: 'booking.expire_holds', dedupeKey: key, runAt })).toBe(true);
      expect(await scheduleJob(tx, { kind: 'booking.expire_holds', dedupeKey: key, runAt })).toBe(false);
    });
    expect(await findJobs({ keys: [key] })).toMatchObject([
      { kind: 'booking.expire_holds', dedupeKey: key, state: 'created', runAt },
    ]);
    expect(await cancelJobs(database.db, [key])).toBe(1);
    expect((await findJobs({ keys: [key] }))[0]?.state).toBe('cancelled');
  });

  it('reports depth and failures for every kind', async () => {
    expect((await jobStats()).map((stats) => stats.kind).sort()).toEqual(Object.keys(JOB_KINDS).sort());
  });
});
