import type { TSchedule, TScheduleUpdate } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { availabilityRules, therapists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { zoneOrDefault } from '../../lib/time.ts';
import { findScheduleClashes, loadScheduleParts, refuseClashes } from './find-schedule-clashes.ts';
import { getSchedule } from './get-schedule.ts';

/**
 * PUT /api/v1/therapist/schedule: replaces the weekly hours, session length and buffer at
 * once. Sessions already booked keep their times and lengths; only new bookings follow the new
 * grid. New hours that would leave a booked session outside working time are refused (409,
 * the sessions named), checked inside the transaction after the therapist row is locked.
 */
export async function replaceSchedule(ctx: TAppContext, user: TUserRow, input: TScheduleUpdate): Promise<TSchedule> {
  await ctx.db.transaction(async (tx) => {
    // Updating the therapist row first locks it, so two saves at once apply one after the other.
    const updated = await tx
      .update(therapists)
      .set({
        sessionMinutes: input.session_minutes,
        bufferMinutes: input.buffer_minutes,
        ...(input.accepting_clients === undefined ? {} : { acceptingClients: input.accepting_clients }),
      })
      .where(eq(therapists.userId, user.id))
      .returning({ id: therapists.userId });
    if (updated.length === 0) throw new AppError('not_found', 'Профиль психолога не найден');
    const before = await loadScheduleParts(tx, user.id);
    const after = {
      ...before,
      rules: input.rules.map((r) => ({ weekday: r.weekday, startMinute: r.start_minute, endMinute: r.end_minute })),
    };
    refuseClashes(await findScheduleClashes(ctx, tx, user.id, zoneOrDefault(user.tz), before, after));
    await tx.delete(availabilityRules).where(eq(availabilityRules.therapistId, user.id));
    if (input.rules.length > 0) {
      await tx.insert(availabilityRules).values(
        input.rules.map((r) => ({
          therapistId: user.id,
          weekday: r.weekday,
          startMinute: r.start_minute,
          endMinute: r.end_minute,
        })),
      );
    }
  });
  return getSchedule(ctx, user);
}
