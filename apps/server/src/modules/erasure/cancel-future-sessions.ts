import { isFreeCancellation } from '@therapy/contract/rules';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { slots } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { cancelBookedSlot } from '../booking/cancel-slot.ts';
import { ERASURE_CANCEL_REASON } from './retention.ts';

/**
 * The client's sessions that have not started, cancelled by the cancellation policy, as if the
 * client cancelled each (in time: the session goes back to the pass; late: it is spent), and each
 * therapist gets the mail that the client deleted their account. A held time is let go.
 */
export async function cancelFutureSessions(
  tx: TExecutor,
  clientId: number,
  now: Date,
): Promise<{ cancelled: number; returned: number }> {
  const future = await tx
    .select()
    .from(slots)
    .where(and(eq(slots.clientId, clientId), inArray(slots.status, ['booked', 'held']), gt(slots.startsAt, now)))
    .orderBy(slots.startsAt)
    .for('update');
  let cancelled = 0;
  let returned = 0;
  for (const slot of future) {
    if (slot.status === 'held') {
      await tx.update(slots).set({ status: 'expired', cancelReason: 'hold_released' }).where(eq(slots.id, slot.id));
      continue;
    }
    const { sessionReturned } = await cancelBookedSlot(tx, slot, {
      inTime: isFreeCancellation(slot.startsAt, now),
      reason: ERASURE_CANCEL_REASON,
      by: 'erased',
    });
    cancelled += 1;
    if (sessionReturned) returned += 1;
  }
  return { cancelled, returned };
}
