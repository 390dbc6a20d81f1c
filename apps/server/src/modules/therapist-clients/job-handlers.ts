import type { TAppContext } from '../../context.ts';
import { scheduleJob, type TExecutor, type TJobHandlers } from '../../lib/jobs.ts';
import { recordSessionEnds } from './record-session-ends.ts';

/** How often the sweep runs: a session's outcome is recorded at most this long after its room closes. */
export const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Schedules the sweep run of the period after `at` (one job per period, ever: the key is the
 * period's start), so every node may call it and the chain never doubles.
 */
export async function scheduleNextSweep(db: TExecutor, at = new Date()): Promise<void> {
  const runAt = new Date((Math.floor(at.getTime() / SWEEP_EVERY_MS) + 1) * SWEEP_EVERY_MS);
  await scheduleJob(db, {
    kind: 'sessions.record_ends',
    dedupeKey: `sessions-record-ends:${runAt.toISOString()}`,
    runAt,
  });
}

/**
 * The sweep as a durable job: it records the ended sessions, then schedules its next run.
 * main.ts schedules the first one at start, so a chain broken by a long outage resumes.
 */
export function therapistClientJobHandlers(ctx: Pick<TAppContext, 'db' | 'config'>): TJobHandlers {
  return {
    'sessions.record_ends': async () => {
      // The next run first, so a failing sweep never breaks the chain.
      await scheduleNextSweep(ctx.db);
      await recordSessionEnds(ctx);
    },
  };
}
