import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/** Anything that can run a query: the database or an open transaction. */
export type TExecutor = Pick<TDb, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type TJobRow = typeof jobs.$inferSelect;
export type TJobHandler = (job: TJobRow) => Promise<void>;

const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

/**
 * Schedules work once per dedupe key: scheduling the same key again (a retried request,
 * a replayed webhook) changes nothing. Call it inside the transaction whose change the job
 * follows, so the job exists exactly when the change does.
 */
export async function scheduleJob(
  db: TExecutor,
  job: { kind: string; dedupeKey: string; runAt?: Date; payload?: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: job.kind, dedupeKey: job.dedupeKey, runAt: job.runAt ?? new Date(), payload: job.payload ?? {} })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** Cancels pending jobs by dedupe key (a reminder for a session that moved). */
export async function cancelJobs(db: TExecutor, dedupeKeys: string[]): Promise<void> {
  if (dedupeKeys.length === 0) return;
  await db
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(and(inArray(jobs.dedupeKey, dedupeKeys), eq(jobs.status, 'pending')));
}

/**
 * Claims one due job with a lease. A job whose worker died (lease passed while running)
 * is due again, so a restart neither loses nor repeats a finished job.
 */
async function claimDueJob(db: TDb, kinds: string[]): Promise<TJobRow | null> {
  const now = new Date();
  const due = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        lte(jobs.runAt, now),
        or(eq(jobs.status, 'pending'), and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now))),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const id = due[0]?.id;
  if (id === undefined) return null;
  // The status condition again: of two workers that saw the same row, only one wins it.
  const [claimed] = await db
    .update(jobs)
    .set({ status: 'running', lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
    .where(
      and(eq(jobs.id, id), or(eq(jobs.status, 'pending'), and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now)))),
    )
    .returning();
  return claimed ?? null;
}

/** Runs due jobs until none is left; returns how many ran. Failed jobs retry with back-off. */
export async function runDueJobs(db: TDb, handlers: Record<string, TJobHandler>): Promise<number> {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return 0;
  let ran = 0;
  for (;;) {
    const job = await claimDueJob(db, kinds);
    if (!job) return ran;
    ran++;
    try {
      await handlers[job.kind]?.(job);
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lockedUntil: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const failed = job.attempts >= MAX_ATTEMPTS;
      await db
        .update(jobs)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          runAt: new Date(Date.now() + 2 ** job.attempts * 30_000),
          lockedUntil: null,
          ...(failed ? { finishedAt: new Date() } : {}),
        })
        .where(eq(jobs.id, job.id));
    }
  }
}

/** Polls for due jobs until stopped. */
export function startJobWorker(
  db: TDb,
  handlers: Record<string, TJobHandler>,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = runDueJobs(db, handlers)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 5_000);
      });
  };
  let timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
