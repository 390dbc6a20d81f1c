import type { ConstructorOptions } from 'pg-boss';
import type { TDatabase } from '../db/client.ts';
import { JOB_KINDS, type TJobKind } from './job-kinds.ts';
import {
  openJobQueue,
  type TExecutor,
  type TJobHandler,
  type TJobLog,
  type TJobQueue,
  type TScheduledJob,
} from './job-queue.ts';

export type { TJobKind } from './job-kinds.ts';
export type { TExecutor, TJob, TJobHandler, TJobInfo, TJobStats } from './job-queue.ts';

/** Handlers by kind; a module hands its own, main.ts merges them. */
export type TJobHandlers = { [kind in TJobKind]?: TJobHandler };

const quiet: TJobLog = { warn() {}, error() {} };

/**
 * The process's job queue: one per process and database, opened at start (main.ts, and the
 * test database setup) before anything schedules a job. The call sites below use it, so a
 * domain function only needs the transaction it schedules in.
 */
let current: { database: TDatabase; queue: TJobQueue } | null = null;

function jobQueue(): TJobQueue {
  if (!current) throw new Error('The job queue is not open: openJobs(database) runs at start');
  return current.queue;
}

/** Opens the process's job queue on this database (pg-boss's schema migrated, a queue per kind). */
export async function openJobs(
  database: TDatabase,
  options: { log?: TJobLog; boss?: Partial<ConstructorOptions> } = {},
): Promise<TJobQueue> {
  if (current) {
    if (current.database !== database) throw new Error('The job queue is already open on another database');
    return current.queue;
  }
  const queue = await openJobQueue(database, { kinds: JOB_KINDS, log: options.log ?? quiet, boss: options.boss });
  current = { database, queue };
  return queue;
}

/**
 * Opens the job queue and works every kind (main.ts). `stop()` takes no new jobs and lets the
 * running ones finish (up to 30 s; any still running then is retried later), for a graceful
 * shutdown before the database closes.
 */
export async function startJobs(
  database: TDatabase,
  handlers: TJobHandlers,
  log: TJobLog,
): Promise<{ stop(): Promise<void> }> {
  const missing = Object.keys(JOB_KINDS).filter((kind) => !handlers[kind as TJobKind]);
  if (missing.length) throw new Error(`No job handler for ${missing.join(', ')}`);
  const queue = await openJobs(database, { log });
  await queue.work(handlers as Record<string, TJobHandler>);
  return { stop: closeJobs };
}

/** Stops the process's job queue (letting running jobs finish), before its database closes. */
export async function closeJobs(): Promise<void> {
  const open = current;
  current = null;
  await open?.queue.stop();
}

/**
 * Schedules work once per dedupe key: scheduling the same key again (a retried request, a
 * replayed webhook), even long after the job ran, changes nothing. Call it inside the
 * transaction whose change the job follows, so the job exists exactly when the change does.
 */
export function scheduleJob(db: TExecutor, job: TScheduledJob & { kind: TJobKind }): Promise<boolean> {
  return jobQueue().schedule(db, job);
}

/** Cancels the jobs of these dedupe keys that have not finished (a reminder for a session that moved). */
export function cancelJobs(db: TExecutor, dedupeKeys: readonly string[]): Promise<number> {
  return jobQueue().cancel(db, dedupeKeys);
}

/** Runs the due jobs of these kinds now, until none is left (tests; the worker does this by itself). */
export function runDueJobs(handlers: TJobHandlers): Promise<number> {
  return jobQueue().runDue(handlers as Record<string, TJobHandler>);
}

/** The stored jobs of these keys, or whose payload holds these fields (tests, operators). */
export function findJobs(query: { keys: readonly string[] } | { payload: Record<string, unknown> }) {
  return jobQueue().find(query);
}

/** Makes waiting jobs due now: a retry in its back-off, a job for later. */
export function makeJobsDue(dedupeKeys: readonly string[]): Promise<void> {
  return jobQueue().makeDue(dedupeKeys);
}

/** Queue depth and failures per kind, for /metrics. */
export function jobStats() {
  return jobQueue().stats();
}
