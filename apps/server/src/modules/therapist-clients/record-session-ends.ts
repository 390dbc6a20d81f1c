import type { TSessionOutcome } from '@therapy/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TSlotRow } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { whoJoined } from '../video/video-participants.ts';
import { recordOutcome } from './record-outcome.ts';

/** At most this many sessions per run: a backlog is worked off over the next runs. */
const BATCH = 200;

/**
 * How a session ended, from who joined its room (video_participants): the therapist and a
 * client both → completed; the therapist alone → the client's no-show; the therapist never
 * came (whether or not the client did) → the therapist's no-show, so the client never pays
 * for a session the therapist did not hold.
 */
export async function outcomeFromJoins(db: TExecutor, slot: TSlotRow): Promise<TSessionOutcome> {
  const joined = await whoJoined(db, slot);
  if (!joined.therapist) return 'therapist_no_show';
  return joined.client ? 'completed' : 'client_no_show';
}

/**
 * The sweep: every session still booked after its end plus VIDEO_GRACE_MINUTES (the room
 * has closed) gets its outcome recorded. Each session in its own transaction with the row
 * locked and its status checked again, so two nodes or a repeated run change nothing twice.
 * Returns how many sessions it recorded.
 */
export async function recordSessionEnds(ctx: Pick<TAppContext, 'db' | 'config'>, now = new Date()): Promise<number> {
  const grace = ctx.config.VIDEO_GRACE_MINUTES;
  const due = await ctx.db
    .select({ id: slots.id })
    .from(slots)
    .where(
      and(
        eq(slots.status, 'booked'),
        sql`${slots.startsAt} + (${slots.durationMin} + ${grace}::int) * interval '1 minute' <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(slots.startsAt))
    .limit(BATCH);
  let recorded = 0;
  for (const { id } of due) {
    const done = await ctx.db.transaction(async (tx) => {
      const [slot] = await tx.select().from(slots).where(eq(slots.id, id)).for('update');
      if (slot?.status !== 'booked') return false;
      await recordOutcome(tx, slot, await outcomeFromJoins(tx, slot), now);
      return true;
    });
    if (done) recorded++;
  }
  return recorded;
}
