import { and, eq, gt } from 'drizzle-orm';
import type { TAppContext } from '../../../context.ts';
import { authSessions } from '../../../db/schema/index.ts';

/** The sign-in behind a signaling socket: the session row's key (sha256 of the cookie) and its user. */
export type TSocketSession = { tokenHash: string; userId: number };

/**
 * Whether the sign-in behind a socket still exists (not logged out, not past its lifetime),
 * marking it used: a call is activity, so a person talking for an hour without a page
 * request is not signed out for being idle.
 */
export async function keepSessionAlive(ctx: TAppContext, session: TSocketSession, now: Date): Promise<boolean> {
  const touched = await ctx.db
    .update(authSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(authSessions.tokenHash, session.tokenHash),
        eq(authSessions.userId, session.userId),
        gt(authSessions.expiresAt, now),
      ),
    )
    .returning({ tokenHash: authSessions.tokenHash });
  return touched.length > 0;
}
