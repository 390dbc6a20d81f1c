import type { TCurrency } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, users } from '../../db/schema/index.ts';
import { refreshSessionsOfUser } from '../../lib/user-sessions.ts';

/** Switches the currency the client sees prices in and pays with by default. */
export async function setCurrency(
  ctx: TAppContext,
  user: TUserRow,
  input: { currency: TCurrency },
): Promise<{ currency: TCurrency }> {
  await ctx.db.update(users).set({ currency: input.currency }).where(eq(users.id, user.id));
  await refreshSessionsOfUser(ctx, user.id);
  return { currency: input.currency };
}
