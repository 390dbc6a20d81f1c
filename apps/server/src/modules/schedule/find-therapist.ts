import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { therapists, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TExecutor } from '../../lib/jobs.ts';

export type TTherapistWithUser = {
  user: typeof users.$inferSelect;
  therapist: typeof therapists.$inferSelect;
};

/** A therapist by serial id, with their user row (zone, name). */
export async function loadTherapist(db: TExecutor, therapistId: number): Promise<TTherapistWithUser | null> {
  const [row] = await db
    .select({ user: users, therapist: therapists })
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId))
    .where(and(eq(therapists.userId, therapistId), eq(users.role, 'therapist')));
  return row ?? null;
}

/** A therapist by the hashid a client sent; 404 for anything that is not one. */
export async function findTherapistByHashid(ctx: TAppContext, hashid: string): Promise<TTherapistWithUser> {
  const id = ctx.hashids.decode('user', hashid);
  const found = id === null ? null : await loadTherapist(ctx.db, id);
  if (!found) throw new AppError('not_found', 'Психолог не найден');
  return found;
}
