import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { availabilityExceptions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { zoneOrDefault } from '../../lib/time.ts';
import { findScheduleClashes, loadScheduleParts, refuseClashes } from './find-schedule-clashes.ts';

/** DELETE /api/v1/therapist/schedule/exceptions/:id: only the therapist's own; 404 otherwise. */
/**
 * Removing extra hours that hold a booked session is refused (409, the sessions named); the
 * check and the delete share a transaction so the answer matches what was removed.
 */
export async function deleteException(ctx: TAppContext, user: TUserRow, hashid: string): Promise<{ success: true }> {
  const id = ctx.hashids.decode('availability_exception', hashid);
  if (id === null) throw new AppError('not_found', 'Исключение из расписания не найдено');
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(availabilityExceptions)
      .where(and(eq(availabilityExceptions.id, id), eq(availabilityExceptions.therapistId, user.id)))
      .returning();
    const row = deleted[0];
    if (!row) throw new AppError('not_found', 'Исключение из расписания не найдено');
    if (row.kind !== 'extra_hours') return;
    const after = await loadScheduleParts(tx, user.id);
    const before = { ...after, exceptions: [...after.exceptions, row] };
    // Throwing rolls the delete back.
    refuseClashes(await findScheduleClashes(ctx, tx, user.id, zoneOrDefault(user.tz), before, after));
  });
  return { success: true };
}
