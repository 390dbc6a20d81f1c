import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TTherapistRow, therapists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** The signed-in therapist's profile row; a therapist user without one is a broken account, answered 404. */
export async function loadTherapistRow(ctx: TAppContext, userId: number): Promise<TTherapistRow> {
  const [row] = await ctx.db.select().from(therapists).where(eq(therapists.userId, userId)).limit(1);
  if (!row) throw new AppError('not_found', 'Профиль психолога не найден');
  return row;
}
