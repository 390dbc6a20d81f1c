import type { TUserMeResponse } from '@therapy/contract';
import { and, count, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TUserRow } from '../../db/schema/index.ts';
import { presentCurrentUser } from './present-user.ts';

export async function getUserMe(ctx: TAppContext, user: TUserRow): Promise<TUserMeResponse> {
  const [completed] = await ctx.db
    .select({ n: count() })
    .from(slots)
    .where(and(eq(slots.clientId, user.id), eq(slots.status, 'completed')));
  return {
    ...presentCurrentUser(ctx, user),
    currency: user.currency,
    completed_sessions_count: completed?.n ?? 0,
  };
}
