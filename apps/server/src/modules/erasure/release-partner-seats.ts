import { and, eq, gt, inArray } from 'drizzle-orm';
import { slots } from '../../db/schema/index.ts';
import { scheduleJob, type TExecutor } from '../../lib/jobs.ts';

/**
 * The couple sessions ahead where the erased person is the partner, not the one who booked:
 * the session is the booking client's (their booking, their pass), so it stays booked, and the
 * partner's seat in it is let go. The call then no longer lists or lets in the erased account,
 * and the client and the therapist are each told (mail `email.partner_erased`). A session
 * already started keeps its partner: it is history, like every past one.
 */
export async function releasePartnerSeats(tx: TExecutor, partnerId: number, now: Date): Promise<number> {
  const released = await tx
    .update(slots)
    .set({ partnerClientId: null })
    .where(
      and(eq(slots.partnerClientId, partnerId), inArray(slots.status, ['booked', 'held']), gt(slots.startsAt, now)),
    )
    .returning({ id: slots.id, status: slots.status });
  for (const slot of released) {
    // A held time is a checkout still going on: its booking confirmation will not name a partner anyway.
    if (slot.status !== 'booked') continue;
    await scheduleJob(tx, {
      kind: 'email.partner_erased',
      dedupeKey: `partner-erased:${slot.id}:${partnerId}`,
      payload: { slot_id: slot.id },
    });
  }
  return released.length;
}
