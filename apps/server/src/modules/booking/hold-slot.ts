import type { TClientSlot, THoldSlotRequest } from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TSlotRow, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { isExclusionViolation, isUniqueViolation } from '../../lib/pg-errors.ts';
import { findTherapistByHashid, type TTherapistWithUser } from '../schedule/find-therapist.ts';
import { mayBookTherapist } from '../schedule/may-book-therapist.ts';
import { assertBookableTime } from './assert-bookable-time.ts';
import { expireLapsedHolds } from './expire-holds.ts';
import { selectSlotsWithTherapist } from './load-client-slot.ts';
import { presentClientSlot } from './present-slot.ts';

const THERAPY_NAMES = { single: 'индивидуальную', couple: 'парную' } as const;

/**
 * One transaction: lapsed holds of this therapist stop blocking, the client's previous hold
 * is released, the new hold is written. Whether the time is free is the exclusion
 * constraint's call; a client's one hold at a time is a unique index's.
 */
async function insertHold(
  ctx: TAppContext,
  clientId: number,
  found: TTherapistWithUser,
  startsAt: Date,
  therapyType: TSlotRow['therapyType'],
): Promise<TSlotRow> {
  const { sessionMinutes, bufferMinutes } = found.therapist;
  return ctx.db.transaction(async (tx) => {
    await expireLapsedHolds(tx, found.user.id);
    const [same] = await tx
      .select()
      .from(slots)
      .where(
        and(
          eq(slots.clientId, clientId),
          eq(slots.status, 'held'),
          eq(slots.therapistId, found.user.id),
          eq(slots.startsAt, startsAt),
          eq(slots.therapyType, therapyType),
        ),
      );
    if (same) return same; // the same hold asked again (a double click): nothing to change
    await tx
      .update(slots)
      .set({ status: 'expired', cancelReason: 'hold_replaced' })
      .where(and(eq(slots.clientId, clientId), eq(slots.status, 'held')));
    const holdExpiresAt = new Date(Date.now() + ctx.config.SLOT_HOLD_MINUTES * 60_000);
    const [slot] = await tx
      .insert(slots)
      .values({
        therapistId: found.user.id,
        clientId,
        startsAt,
        durationMin: sessionMinutes,
        blockedUntil: new Date(startsAt.getTime() + (sessionMinutes + bufferMinutes) * 60_000),
        therapyType,
        status: 'held',
        holdExpiresAt,
      })
      .returning();
    if (!slot) throw new Error('hold not inserted');
    // Lapsed holds are also expired when the next hold of the therapist comes; this sweep
    // frees the time for the free-slot lists even if none comes.
    await scheduleJob(tx, {
      kind: 'booking.expire_holds',
      dedupeKey: `expire-holds:${slot.id}`,
      runAt: new Date(holdExpiresAt.getTime() + 1000),
    });
    return slot;
  });
}

/** POST /api/v1/user/slots: keeps a free time for the client for SLOT_HOLD_MINUTES while they pay or book. */
export async function holdSlot(ctx: TAppContext, client: TUserRow, input: THoldSlotRequest): Promise<TClientSlot> {
  const found = await findTherapistByHashid(ctx, input.therapist_id);
  if (!found.therapist[input.therapy_type]) {
    const message = `Психолог не проводит ${THERAPY_NAMES[input.therapy_type]} терапию`;
    throw new AppError('slot_unavailable', message, { therapy_type: message });
  }
  if (!(await mayBookTherapist(ctx.db, found, client.id))) {
    throw new AppError('slot_unavailable', 'Психолог сейчас не принимает новых клиентов');
  }
  const startsAt = new Date(input.starts_at);
  await assertBookableTime(ctx.db, ctx.config, found, startsAt);

  let slot: TSlotRow | undefined;
  for (let attempt = 0; !slot; attempt++) {
    try {
      slot = await insertHold(ctx, client.id, found, startsAt, input.therapy_type);
    } catch (error) {
      if (isExclusionViolation(error)) throw new AppError('slot_taken');
      // Two holds of one client at once: the other one won; run again to release it.
      if (isUniqueViolation(error) && attempt === 0) continue;
      if (isUniqueViolation(error)) throw new AppError('conflict', 'Повторите выбор времени');
      throw error;
    }
  }
  const [row] = await selectSlotsWithTherapist(ctx.db, eq(slots.id, slot.id));
  if (!row) throw new Error('hold vanished');
  return presentClientSlot(ctx, row, client.tz);
}
