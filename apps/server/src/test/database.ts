import { inject } from 'vitest';
import { openDatabase, type TDatabase } from '../db/client.ts';
import { openJobs } from '../lib/jobs.ts';

let shared: Promise<TDatabase> | undefined;

/**
 * One migrated database per test worker, shared by its files; tests keep apart by unique e-mails.
 * Its job queue is open (so domain functions can schedule jobs) but nothing works it: tests run
 * the jobs they mean to with runDueJobs.
 */
export function testDatabase(): Promise<TDatabase> {
  shared ??= (async () => {
    const url = inject('testDatabaseUrl');
    const database = url ? await openDatabase({ url }) : await openDatabase({});
    if (!url) await database.migrate();
    await openJobs(database, { boss: { supervise: false, registerInstance: false } });
    return database;
  })();
  return shared;
}
