import type { TClientSlot, TRescheduleSlotRequest } from '@therapy/contract';
import { isFreeCancellation } from '@therapy/contract/rules';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TSlotRow, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { isExclusionViolation } from '../../lib/pg-errors.ts';
import { loadTherapist } from '../schedule/find-therapist.ts';
import { assertBookableTime } from './assert-bookable-time.ts';
import { expireLapsedHolds } from './expire-holds.ts';
import { decodeSlotId, loadClientSlot, lockClientSlot } from './load-client-slot.ts';
import { presentClientSlot } from './present-slot.ts';
import { cancelReminders, scheduleReminders } from './reminders.ts';

const TOO_LATE = 'Перенести сессию можно не позднее чем за 24 часа до начала';

function assertMovable(slot: TSlotRow): void {
  if (slot.status !== 'booked') throw new AppError('conflict', 'Перенести можно только запланированную сессию');
  if (Date.now() >= slot.startsAt.getTime()) throw new AppError('too_late', 'Сессия уже началась или прошла');
  if (!isFreeCancellation(slot.startsAt)) throw new AppError('too_late', TOO_LATE);
}

/**
 * POST /api/v1/user/slots/:id/reschedule: until 24 h before the start, one transaction
 * marks the session rescheduled and books the new time from the same pass, pointing back to
 * it. The new time must be on the grid; whether it is free is the exclusion constraint's call.
 */
export async function rescheduleSlot(
  ctx: TAppContext,
  client: TUserRow,
  hashid: string,
  input: TRescheduleSlotRequest,
): Promise<TClientSlot> {
  const slotId = decodeSlotId(ctx, hashid);
  const { slot: current } = await loadClientSlot(ctx, client.id, hashid);
  assertMovable(current);
  const startsAt = new Date(input.starts_at);
  if (startsAt.getTime() === current.startsAt.getTime()) {
    throw new AppError('slot_unavailable', 'Сессия уже назначена на это время', {
      starts_at: 'Выберите другое время',
    });
  }
  const found = await loadTherapist(ctx.db, current.therapistId);
  if (!found) throw new AppError('not_found', 'Психолог не найден');
  await assertBookableTime(ctx.db, ctx.config, found, startsAt);

  let newId: number;
  try {
    newId = await ctx.db.transaction(async (tx) => {
      const old = await lockClientSlot(tx, client.id, slotId);
      assertMovable(old);
      await expireLapsedHolds(tx, old.therapistId);
      // The old time stops being live first, so a move by less than a session does not clash with itself.
      await tx.update(slots).set({ status: 'rescheduled' }).where(eq(slots.id, old.id));
      const { sessionMinutes, bufferMinutes } = found.therapist;
      const [moved] = await tx
        .insert(slots)
        .values({
          therapistId: old.therapistId,
          clientId: old.clientId,
          // A couple's partner moves with the session: they join the new time's call as they would the old one's.
          partnerClientId: old.partnerClientId,
          startsAt,
          durationMin: sessionMinutes,
          blockedUntil: new Date(startsAt.getTime() + (sessionMinutes + bufferMinutes) * 60_000),
          therapyType: old.therapyType,
          status: 'booked',
          clientPassId: old.clientPassId,
          rescheduledFromId: old.id,
        })
        .returning();
      if (!moved) throw new Error('rescheduled slot not inserted');
      await cancelReminders(tx, old);
      await scheduleReminders(tx, moved);
      await scheduleJob(tx, {
        kind: 'email.booking_rescheduled',
        dedupeKey: `booking-rescheduled:${moved.id}`,
        payload: { slot_id: moved.id, previous_slot_id: old.id },
      });
      return moved.id;
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('slot_taken');
    throw error;
  }
  return presentClientSlot(ctx, await loadClientSlot(ctx, client.id, ctx.hashids.encode('slot', newId)), client.tz);
}
