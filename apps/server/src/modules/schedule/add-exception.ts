import type { TAvailabilityException, TAvailabilityExceptionCreate } from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { availabilityExceptions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { zoneOrDefault } from '../../lib/time.ts';
import { findScheduleClashes, loadScheduleParts, refuseClashes } from './find-schedule-clashes.ts';
import { presentException } from './present-exception.ts';

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** POST /api/v1/therapist/schedule/exceptions: a day off or extra hours on one local date. */
export async function addException(
  ctx: TAppContext,
  user: TUserRow,
  input: TAvailabilityExceptionCreate,
): Promise<TAvailabilityException> {
  const today = DateTime.now().setZone(zoneOrDefault(user.tz)).startOf('day');
  if (input.date < (today.toISODate() ?? '')) {
    throw new AppError('validation_failed', 'Дата уже прошла', { date: 'Дата уже прошла' });
  }
  if (input.date > (today.plus({ years: 1 }).toISODate() ?? '')) {
    throw new AppError('validation_failed', 'Не дальше чем на год вперёд', { date: 'Не дальше чем на год вперёд' });
  }
  const sameDay = await ctx.db
    .select()
    .from(availabilityExceptions)
    .where(and(eq(availabilityExceptions.therapistId, user.id), eq(availabilityExceptions.onDate, input.date)));
  if (input.kind === 'day_off' && sameDay.some((e) => e.kind === 'day_off')) {
    throw new AppError('conflict', 'Этот день уже отмечен как выходной');
  }
  const start = input.start_minute ?? null;
  const end = input.end_minute ?? null;
  if (input.kind === 'extra_hours' && start !== null && end !== null) {
    const clash = sameDay.find(
      (e) => e.kind === 'extra_hours' && (e.startMinute ?? 0) < end && start < (e.endMinute ?? 0),
    );
    if (clash) {
      throw new AppError(
        'conflict',
        `Дополнительные часы пересекаются с уже добавленными: ${hhmm(clash.startMinute ?? 0)}–${hhmm(clash.endMinute ?? 0)}`,
      );
    }
  }
  if (input.kind === 'day_off') {
    // A day off can only take hours away: refused when a booked session sits in them.
    const before = await loadScheduleParts(ctx.db, user.id);
    const after = {
      ...before,
      exceptions: [
        ...before.exceptions,
        { onDate: input.date, kind: 'day_off' as const, startMinute: null, endMinute: null },
      ],
    };
    refuseClashes(await findScheduleClashes(ctx, ctx.db, user.id, zoneOrDefault(user.tz), before, after));
  }
  const [row] = await ctx.db
    .insert(availabilityExceptions)
    .values({
      therapistId: user.id,
      onDate: input.date,
      kind: input.kind,
      startMinute: input.kind === 'day_off' ? null : start,
      endMinute: input.kind === 'day_off' ? null : end,
    })
    .returning();
  if (!row) throw new Error('exception not inserted');
  return presentException(ctx, row);
}
