import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JOB_KINDS } from '../lib/job-kinds.ts';
import { openJobQueue, type TJobQueue } from '../lib/job-queue.ts';
import { openDatabase, type TDatabase } from './client.ts';

// Two app nodes started at the same moment on an empty PostgreSQL database (the two-node e2e,
// a rolling deploy): both migrate and both open the job queue. Only a server shows the race.
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `therapy_start_${Date.now()}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
const opened: TDatabase[] = [];
const queues: TJobQueue[] = [];

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${name}`);
});
afterAll(async () => {
  for (const queue of queues) await queue.stop({ timeoutMs: 1000 });
  for (const database of opened) await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

it('two nodes starting together on an empty database both migrate and open the job queue', async () => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const start = async () => {
    const database = await openDatabase({ url: url.toString() });
    opened.push(database);
    await database.migrate();
    const queue = await openJobQueue(database, {
      kinds: JOB_KINDS,
      log: { warn() {}, error() {} },
      boss: { supervise: false, registerInstance: false },
    });
    queues.push(queue);
    return queue.kinds.length;
  };
  const kinds = Object.keys(JOB_KINDS).length;
  await expect(Promise.all([start(), start(), start()])).resolves.toEqual([kinds, kinds, kinds]);
}, 60_000);
