/**
 * A worker process for the crash test (lib/job-queue.crash.test.ts), on DATABASE_URL or the
 * PGlite folder DATA_DIR. At start it schedules the job JOB_KEY of kind JOB_KIND (as a replayed
 * request would: only the first start makes it) and works that kind. The handler appends
 * "start <attempt>" to MARKS, then with MODE=hang prints "claimed" and never returns (the test
 * kills the process there); otherwise it appends "done <attempt>". Prints "completed" once the
 * job is stored as completed.
 */
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../db/client.ts';
import { openJobQueue } from '../lib/job-queue.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const kind = env('JOB_KIND');
const dedupeKey = env('JOB_KEY');
const marks = env('MARKS');
const hang = process.env.MODE === 'hang';

const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: env('DATA_DIR') },
);
await database.migrate();
const queue = await openJobQueue(database, {
  // The shortest heartbeat pg-boss allows: a silent worker's job is retried 10 s after its last beat.
  kinds: { [kind]: { heartbeatSeconds: 10, retryDelay: 1 } },
  log: {
    warn: (object, message) => console.error(message, JSON.stringify(object)),
    error: (object, message) => console.error(message, JSON.stringify(object)),
  },
  boss: { registerInstance: false, superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 },
});
await queue.schedule(database.db, { kind, dedupeKey });
await queue.work(
  {
    [kind]: async (job) => {
      appendFileSync(marks, `start ${job.attempt}\n`);
      if (hang) {
        console.log('claimed');
        await new Promise(() => {});
      }
      appendFileSync(marks, `done ${job.attempt}\n`);
    },
  },
  { pollingIntervalSeconds: 0.5 },
);
for (;;) {
  const [job] = await queue.find({ keys: [dedupeKey] });
  if (job?.state === 'completed') break;
  await sleep(200);
}
console.log('completed');
