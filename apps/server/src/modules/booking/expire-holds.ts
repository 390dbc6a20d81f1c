import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { passPurchases, slots } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';

/**
 * Marks lapsed holds (held past hold_expires_at) as expired, so they stop occupying the
 * therapist's time under the exclusion constraint.
 * - With a therapist: right before a new hold or move of that therapist, in its transaction;
 *   someone wants the time, so every lapsed hold goes.
 * - Without (the background sweep): a lapsed hold whose payment is still pending is kept,
 *   so a client who pays a little late still gets the time if nobody took it meanwhile.
 * Free-slot lists ignore lapsed holds either way.
 */
export async function expireLapsedHolds(db: TExecutor, therapistId?: number): Promise<number> {
  const paying = db
    .select({ id: passPurchases.id })
    .from(passPurchases)
    .where(and(eq(passPurchases.slotId, slots.id), eq(passPurchases.status, 'pending')));
  const lapsed = and(
    eq(slots.status, 'held'),
    lt(slots.holdExpiresAt, sql`now()`),
    therapistId === undefined ? notExists(paying) : eq(slots.therapistId, therapistId),
  );
  const expired = await db
    .update(slots)
    .set({ status: 'expired', cancelReason: 'hold_lapsed' })
    .where(lapsed)
    .returning({ id: slots.id });
  return expired.length;
}
