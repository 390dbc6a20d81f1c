import { randomUUID } from 'node:crypto';
import { and, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  type ConstructorOptions,
  type Db,
  fromDrizzle,
  fromPglite,
  type JobResult,
  type JobWithMetadata,
  type PGliteLike,
  PgBoss,
  type QueueOptions,
} from 'pg-boss';
import type { TDatabase, TDb } from '../db/client.ts';
import { jobKeys } from '../db/schema/index.ts';
import { backgroundLane } from './background-lane.ts';

/** Anything that can run a query: the database or an open transaction. */
export type TExecutor = Pick<TDb, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

/** A job as its handler sees it. `attempt` counts from 0; `signal` aborts when the job is taken away. */
export type TJob = {
  id: string;
  kind: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
  attempt: number;
  signal: AbortSignal;
};
export type TJobHandler = (job: TJob) => Promise<void>;
export type TScheduledJob = { kind: string; dedupeKey: string; runAt?: Date; payload?: Record<string, unknown> };

/** A stored job, for tests and operators. `state` is pg-boss's: created, retry, active, completed, cancelled, failed. */
export type TJobInfo = {
  id: string;
  kind: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
  state: JobWithMetadata['state'];
  runAt: Date;
  /** What the last run left: a failure's name and message. */
  output: unknown;
};

/** Queue depth and failures of one kind (for /metrics). */
export type TJobStats = {
  kind: string;
  /** Waiting: due now (`ready`) or later (`deferred`), retries included. */
  queued: number;
  ready: number;
  deferred: number;
  active: number;
  /** Jobs that used up their retries, until they are deleted with the finished ones. */
  failed: number;
  /** Failed runs in this process since it opened the queue, retried or not. */
  failedRuns: number;
};

export type TJobLog = {
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
};

/**
 * How a job of any kind is retried and kept, unless its kind says otherwise (lib/job-kinds.ts).
 * A failed run is tried again after 30–60 s, then 1–2, 2–4, 4–8 and 8–16 min (pg-boss's
 * exponential back-off: the delay doubles per retry, plus up to as much again of jitter, at most
 * an hour), then marked failed. A running job whose worker stops sending heartbeats (the process
 * died) is retried once `heartbeatSeconds` have passed since the last one, found by pg-boss's
 * supervisor (every minute, on any node); one running past `expireInSeconds` is given up as hung
 * and retried.
 */
export const JOB_DEFAULTS = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  heartbeatSeconds: 30,
  expireInSeconds: 10 * 60,
  // A job still waiting 30 days after it was due (no worker ran all that time) is dropped.
  retentionSeconds: 30 * 24 * 3600,
  // Completed, cancelled and failed jobs are deleted a week after they finished.
  deleteAfterSeconds: 7 * 24 * 3600,
} satisfies QueueOptions;

export type TJobQueue = {
  kinds: readonly string[];
  boss: PgBoss;
  /** Makes the job once per dedupe key, in `db`'s transaction (its own one when given the database). Resolves whether it made one. */
  schedule(db: TExecutor, job: TScheduledJob): Promise<boolean>;
  /** Cancels the jobs of these keys that have not finished. Resolves how many it cancelled. */
  cancel(db: TExecutor, dedupeKeys: readonly string[]): Promise<number>;
  /** Starts pg-boss workers for these kinds, polling every `pollingIntervalSeconds`. */
  work(handlers: Record<string, TJobHandler>, options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /** Runs the due jobs of these kinds here and now, until none is left; resolves how many ran. */
  runDue(handlers: Record<string, TJobHandler>): Promise<number>;
  /** The stored jobs of these keys, or of every kind whose payload holds these fields. */
  find(query: { keys: readonly string[] } | { payload: Record<string, unknown> }): Promise<TJobInfo[]>;
  /** Makes waiting jobs (a retry in its back-off, a job for later) due now. */
  makeDue(dedupeKeys: readonly string[]): Promise<void>;
  stats(): Promise<TJobStats[]>;
  /** pg-boss's maintenance pass now (of one kind, or all): expiry of jobs whose worker died, deletion of old ones. */
  supervise(kind?: string): Promise<void>;
  /** Stops taking jobs and waits up to `timeoutMs` for running ones; any still running then are failed (and retried later). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
};

/**
 * pg-boss runs on the app's own connection: the one PGlite instance (pg-boss's adapter queues
 * behind the app's transactions, never inside them), or the app's pg pool (pool.query hands
 * each statement a connection and drops one that failed mid-transaction).
 */
function bossDatabaseOf(database: TDatabase): Db {
  const client: unknown = (database.db as unknown as { $client?: unknown }).$client;
  if (!client) throw new Error('The database has no client for the job queue');
  // On PGlite the job queue's bursts of upkeep would hold up every request behind them (lib/background-lane.ts).
  if (database.driver === 'pglite') return backgroundLane(fromPglite(client as PGliteLike));
  const pool = client as pg.Pool;
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** pg-boss statements inside the caller's transaction, so a job exists exactly when the change does. */
const inTransaction = (tx: TExecutor): Db => fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql);

/** A pg-boss job in our names: the kind is its queue, the dedupe key its singletonKey. */
const identify = (job: JobWithMetadata<Record<string, unknown>>) => ({
  id: job.id,
  kind: job.name,
  dedupeKey: job.singletonKey ?? '',
  payload: job.data ?? {},
});

/** What a failure's log line and stored output say: never the payload, which holds personal data. */
const describeError = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };

/**
 * Opens a job queue on pg-boss: migrates pg-boss's own schema (`pgboss`), makes one queue per
 * kind with its retry options, and hands back the queue. `boss` tunes pg-boss (tests shorten
 * its maintenance intervals).
 */
/** Whether a queue as stored already has these options (the keys of QueueOptions are the columns' names as read). */
export function hasOptions(queue: object, options: QueueOptions): boolean {
  const stored = queue as Record<string, unknown>;
  return Object.entries(options).every(([key, value]) => stored[key] === value);
}

export async function openJobQueue(
  database: TDatabase,
  options: { kinds: Record<string, QueueOptions>; log: TJobLog; boss?: Partial<ConstructorOptions> },
): Promise<TJobQueue> {
  const { log } = options;
  const kinds = Object.keys(options.kinds);
  const boss = new PgBoss({
    db: bossDatabaseOf(database),
    backend: database.driver === 'pglite' ? 'pglite' : 'postgres',
    // No cron schedules and no flows: every job is scheduled by the change it follows.
    schedule: false,
    flowIntervalSeconds: 60,
    ...options.boss,
  });
  // Without a listener an 'error' event would end the process.
  boss.on('error', (error) => log.error({ err: describeError(error) }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning: warning.message }, 'job queue warning'));
  // Two nodes starting at once would both create pg-boss's schema and queues; one at a time.
  await database.exclusively('job-queue', async () => {
    await boss.start();
    // A restart finds every queue in place: one read, and a write only for what is missing or changed (each
    // create or update is a few statements, which on PGlite made up a good part of a restart).
    const existing = new Map((await boss.getQueues(kinds)).map((queue) => [queue.name, queue]));
    for (const [kind, own] of Object.entries(options.kinds)) {
      const { retryDelayMax, ...rest } = { ...JOB_DEFAULTS, ...own };
      // pg-boss takes a maximum delay only with back-off.
      const queueOptions = rest.retryBackoff ? { ...rest, retryDelayMax } : rest;
      const queue = existing.get(kind);
      if (!queue) await boss.createQueue(kind, queueOptions);
      // A queue made by an earlier release takes the options of this one.
      else if (!hasOptions(queue, queueOptions)) await boss.updateQueue(kind, queueOptions);
    }
  });
  const failedRuns = new Map<string, number>();

  const assertKind = (kind: string) => {
    // A queue pg-boss has not cached would be looked up on the app's connection: on PGlite, from
    // inside the caller's transaction, that waits for the transaction to end, which never comes.
    if (!kinds.includes(kind)) throw new Error(`Unknown job kind ${kind}`);
  };

  /** Runs one job's handler; a failure is logged by kind and id and thrown on for pg-boss to retry. */
  const runJob = async (handler: TJobHandler, job: JobWithMetadata<Record<string, unknown>>) => {
    try {
      await handler({ ...identify(job), attempt: job.retryCount, signal: job.signal });
    } catch (error) {
      failedRuns.set(job.name, (failedRuns.get(job.name) ?? 0) + 1);
      const final = job.retryCount >= job.retryLimit;
      const entry = { job: { kind: job.name, id: job.id, attempt: job.retryCount + 1, attempts: job.retryLimit + 1 } };
      if (final) log.error({ ...entry, err: describeError(error) }, 'job failed for good');
      else log.warn({ ...entry, err: describeError(error) }, 'job failed, will retry');
      throw error;
    }
  };

  const keysOf = (dedupeKeys: readonly string[]) =>
    and(inArray(jobKeys.dedupeKey, [...dedupeKeys]), inArray(jobKeys.kind, kinds));

  return {
    kinds,
    boss,

    async schedule(db, job) {
      assertKind(job.kind);
      return db.transaction(async (tx) => {
        const [made] = await tx
          .insert(jobKeys)
          .values({ dedupeKey: job.dedupeKey, kind: job.kind, jobId: randomUUID() })
          .onConflictDoNothing()
          .returning({ jobId: jobKeys.jobId });
        if (!made) return false;
        await boss.send(job.kind, job.payload ?? {}, {
          id: made.jobId,
          // Only a label on a standard queue (no uniqueness): the key the handler sees and findJobs searches.
          singletonKey: job.dedupeKey,
          ...(job.runAt ? { startAfter: job.runAt } : {}),
          db: inTransaction(tx),
        });
        return true;
      });
    },

    async cancel(db, dedupeKeys) {
      if (dedupeKeys.length === 0) return 0;
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ kind: jobKeys.kind, jobId: jobKeys.jobId })
          .from(jobKeys)
          .where(keysOf(dedupeKeys));
        let cancelled = 0;
        for (const kind of new Set(rows.map((row) => row.kind))) {
          const ids = rows.filter((row) => row.kind === kind).map((row) => row.jobId);
          const result = (await boss.cancel(kind, ids, { db: inTransaction(tx) })) as { affected?: number };
          cancelled += result.affected ?? 0;
        }
        return cancelled;
      });
    },

    async work(handlers, workOptions = {}) {
      for (const [kind, handler] of Object.entries(handlers)) {
        assertKind(kind);
        await boss.work(
          kind,
          {
            includeMetadata: true,
            // Up to 10 jobs a fetch, fetched again at once while fetches come back full (a backlog
            // drains without waiting out the polling interval), each settled on its own.
            batchSize: 10,
            burstWhenBatchFull: true,
            perJobResults: true,
            pollingIntervalSeconds: workOptions.pollingIntervalSeconds ?? 2,
          },
          async (jobs: JobWithMetadata<Record<string, unknown>>[]) => {
            const results: JobResult[] = [];
            for (const job of jobs) {
              try {
                await runJob(handler, job);
                results.push({ id: job.id, status: 'completed' });
              } catch (error) {
                results.push({ id: job.id, status: 'failed', output: describeError(error) });
              }
            }
            return results;
          },
        );
      }
    },

    async runDue(handlers) {
      let ran = 0;
      for (const [kind, handler] of Object.entries(handlers)) {
        assertKind(kind);
        for (;;) {
          const [job] = await boss.fetch<Record<string, unknown>>(kind, { includeMetadata: true });
          if (!job) break;
          ran++;
          try {
            await runJob(handler, job);
            await boss.complete(kind, job);
          } catch (error) {
            await boss.fail(kind, job, describeError(error));
          }
        }
      }
      return ran;
    },

    async find(query) {
      const found: JobWithMetadata<Record<string, unknown>>[] = [];
      if ('keys' in query) {
        const rows = query.keys.length
          ? await database.db
              .select({ kind: jobKeys.kind, jobId: jobKeys.jobId })
              .from(jobKeys)
              .where(keysOf(query.keys))
          : [];
        for (const row of rows)
          found.push(...(await boss.findJobs<Record<string, unknown>>(row.kind, { id: row.jobId })));
      } else {
        for (const kind of kinds)
          found.push(...(await boss.findJobs<Record<string, unknown>>(kind, { data: query.payload })));
      }
      return found
        .sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime())
        .map((job) => ({ ...identify(job), state: job.state, runAt: job.startAfter, output: job.output }));
    },

    async makeDue(dedupeKeys) {
      if (dedupeKeys.length === 0) return;
      const rows = await database.db
        .select({ kind: jobKeys.kind, jobId: jobKeys.jobId })
        .from(jobKeys)
        .where(keysOf(dedupeKeys));
      for (const row of rows) await boss.update(row.kind, undefined, { id: row.jobId, startAfter: new Date() });
    },

    async stats() {
      return Promise.all(
        kinds.map(async (kind) => {
          // Counted by pg-boss at most a minute ago.
          const [stats] = await boss.getQueueStats(kind, { force: true });
          return {
            kind,
            queued: stats?.queuedCount ?? 0,
            ready: stats?.readyCount ?? 0,
            deferred: stats?.deferredCount ?? 0,
            active: stats?.activeCount ?? 0,
            failed: stats?.failedCount ?? 0,
            failedRuns: failedRuns.get(kind) ?? 0,
          };
        }),
      );
    },

    supervise: (kind) => boss.supervise(kind),

    async stop(stopOptions = {}) {
      await boss.stop({ graceful: true, timeout: stopOptions.timeoutMs ?? 30_000, close: false });
    },
  };
}
