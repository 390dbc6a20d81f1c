import type { TUserMeResponse } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { presentCurrentUser } from './present-user.ts';

// A named statement on either database (TDatabase.prepared): on PGlite that skips planning it per request.
const COMPLETED_SQL = `select count(*)::int as n from slots where client_id = $1 and status = 'completed'`;

export async function getUserMe(ctx: TAppContext, user: TUserRow): Promise<TUserMeResponse> {
  const [completed] = await ctx.database.prepared<{ n: number }>('user_me_completed', COMPLETED_SQL, [user.id]);
  return {
    ...presentCurrentUser(ctx, user),
    currency: user.currency,
    completed_sessions_count: completed?.n ?? 0,
  };
}
