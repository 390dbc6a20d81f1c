import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { availabilityExceptions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** DELETE /api/v1/therapist/schedule/exceptions/:id: only the therapist's own; 404 otherwise. */
export async function deleteException(ctx: TAppContext, user: TUserRow, hashid: string): Promise<{ success: true }> {
  const id = ctx.hashids.decode('availability_exception', hashid);
  const deleted =
    id === null
      ? []
      : await ctx.db
          .delete(availabilityExceptions)
          .where(and(eq(availabilityExceptions.id, id), eq(availabilityExceptions.therapistId, user.id)))
          .returning({ id: availabilityExceptions.id });
  if (deleted.length === 0) throw new AppError('not_found', 'Исключение из расписания не найдено');
  return { success: true };
}
