import { and, eq, gt } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { cancelBookedSlot } from './cancel-slot.ts';

/**
 * POST /api/v1/therapist/schedule/unsched: the therapist releases a client. Every future
 * booked session of the client with this therapist is cancelled as if in time (the session
 * goes back to its pass, the client is told), and their holds are let go. Only the
 * therapist's own clients: anyone else is 404.
 */
export async function unscheduleClient(
  ctx: TAppContext,
  therapist: TUserRow,
  userHashid: string,
): Promise<{ success: true; cancelled_count: number }> {
  const clientId = ctx.hashids.decode('user', userHashid);
  const [own] =
    clientId === null
      ? []
      : await ctx.db
          .select({ id: slots.id })
          .from(slots)
          .where(and(eq(slots.therapistId, therapist.id), eq(slots.clientId, clientId)))
          .limit(1);
  if (!own || clientId === null) throw new AppError('not_found', 'Клиент не найден');

  const cancelled = await ctx.db.transaction(async (tx) => {
    const ofPair = and(eq(slots.therapistId, therapist.id), eq(slots.clientId, clientId));
    await tx
      .update(slots)
      .set({ status: 'expired', cancelReason: 'therapist_unscheduled' })
      .where(and(ofPair, eq(slots.status, 'held')));
    const future = await tx
      .select()
      .from(slots)
      .where(and(ofPair, eq(slots.status, 'booked'), gt(slots.startsAt, new Date())))
      .orderBy(slots.startsAt)
      .for('update');
    for (const slot of future) {
      await cancelBookedSlot(tx, slot, { inTime: true, reason: 'therapist_unscheduled', by: 'therapist' });
    }
    return future.length;
  });
  return { success: true, cancelled_count: cancelled };
}
