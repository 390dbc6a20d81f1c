import type { TUserMeResponse } from '@therapy/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TUserRow } from '../../db/schema/index.ts';
import { prepared } from '../../lib/prepared.ts';
import { presentCurrentUser } from './present-user.ts';

const completedQuery = (db: TAppContext['db']) =>
  db
    .select({ n: count() })
    .from(slots)
    .where(and(eq(slots.clientId, sql.placeholder('userId')), eq(slots.status, 'completed')))
    .prepare('user_me_completed');

export async function getUserMe(ctx: TAppContext, user: TUserRow): Promise<TUserMeResponse> {
  const [completed] = await prepared(ctx.db, 'user_me_completed', completedQuery).execute({ userId: user.id });
  return {
    ...presentCurrentUser(ctx, user),
    currency: user.currency,
    completed_sessions_count: completed?.n ?? 0,
  };
}
