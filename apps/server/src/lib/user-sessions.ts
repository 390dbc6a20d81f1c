import { eq } from 'drizzle-orm';
import type { TAppContext } from '../context.ts';
import { authSessions } from '../db/schema/index.ts';

/**
 * Every node drops its cached copies of a user's sessions: call it after a change to the user's
 * row commits (what a copy holds), or after their password changes (their sessions are deleted first).
 */
export async function refreshSessionsOfUser(ctx: TAppContext, userId: number): Promise<void> {
  if (ctx.sessions.mode === 'off') return;
  const rows = await ctx.db
    .select({ tokenHash: authSessions.tokenHash })
    .from(authSessions)
    .where(eq(authSessions.userId, userId));
  await ctx.sessions.invalidate(rows.map((row) => row.tokenHash));
}
