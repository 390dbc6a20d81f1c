import type { TCancelSlotResponse } from '@therapy/contract';
import { isFreeCancellation } from '@therapy/contract/rules';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TSlotRow, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { scheduleJob, type TExecutor } from '../../lib/jobs.ts';
import { decodeSlotId, loadClientSlot, lockClientSlot } from './load-client-slot.ts';
import { presentClientSlot } from './present-slot.ts';
import { cancelReminders } from './reminders.ts';
import { returnSession } from './return-session.ts';

/**
 * Cancels a booked slot inside a transaction: in time (or by the therapist) it becomes
 * cancelled and its session goes back to the pass; late, it is late_cancelled and spent.
 * Its reminders are cancelled and the cancellation mail is scheduled. `erased`: the client
 * deleted their account (modules/erasure), so only the therapist is told, and why.
 */
export async function cancelBookedSlot(
  tx: TExecutor,
  slot: TSlotRow,
  options: { inTime: boolean; reason: string | null; by: 'client' | 'therapist' | 'erased' },
): Promise<{ sessionReturned: boolean }> {
  await tx
    .update(slots)
    .set({
      status: options.inTime ? 'cancelled' : 'late_cancelled',
      cancelledAt: new Date(),
      cancelReason: options.reason,
    })
    .where(eq(slots.id, slot.id));
  const sessionReturned = options.inTime && slot.clientPassId !== null && (await returnSession(tx, slot.clientPassId));
  await cancelReminders(tx, slot);
  await scheduleJob(tx, {
    kind: 'email.booking_cancelled',
    dedupeKey: `booking-cancelled:${slot.id}`,
    payload: { slot_id: slot.id, session_returned: sessionReturned, by: options.by },
  });
  return { sessionReturned };
}

/** POST /api/v1/user/slots/:id/cancel: a booked session by the policy, or a hold released. */
export async function cancelSlot(
  ctx: TAppContext,
  client: TUserRow,
  hashid: string,
  input: { reason?: string | undefined } | null | undefined,
): Promise<TCancelSlotResponse> {
  const slotId = decodeSlotId(ctx, hashid);
  const outcome = await ctx.db.transaction(async (tx) => {
    const slot = await lockClientSlot(tx, client.id, slotId);
    if (slot.status === 'held') {
      await tx.update(slots).set({ status: 'expired', cancelReason: 'hold_released' }).where(eq(slots.id, slot.id));
      return { sessionReturned: false, message: 'Время освобождено' };
    }
    if (slot.status !== 'booked') throw new AppError('conflict', 'Эта сессия уже не активна: отменять нечего');
    const now = Date.now();
    if (now >= slot.startsAt.getTime()) {
      throw new AppError('too_late', 'Сессия уже началась или прошла: отменить её нельзя');
    }
    const inTime = isFreeCancellation(slot.startsAt, now);
    const { sessionReturned } = await cancelBookedSlot(tx, slot, {
      inTime,
      reason: input?.reason?.trim() || null,
      by: 'client',
    });
    return {
      sessionReturned,
      message: !inTime
        ? 'Сессия отменена и списана'
        : sessionReturned
          ? 'Сессия отменена и вернулась в абонемент'
          : 'Сессия отменена без списания',
    };
  });
  const slot = presentClientSlot(ctx, await loadClientSlot(ctx, client.id, hashid), client.tz);
  return { slot, session_returned: outcome.sessionReturned, message: outcome.message };
}
