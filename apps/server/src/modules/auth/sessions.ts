import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { TAppContext, TAuth } from '../../context.ts';
import { authSessions, users } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';

export const SESSION_COOKIE = 'sid';
const TOUCH_EVERY_MS = 60_000;

/** A fresh session at every sign-in, so a session id planted before sign-in is worthless. */
export async function createSession(
  ctx: TAppContext,
  userId: number,
  meta: { userAgent?: string; ip?: string },
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(Date.now() + ctx.config.SESSION_ABSOLUTE_HOURS * 3_600_000);
  await ctx.db.insert(authSessions).values({
    tokenHash: sha256(token),
    userId,
    csrfToken,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { token, csrfToken, expiresAt };
}

/** The live session behind a cookie value, or null when it is unknown, idle too long or past its lifetime. */
export async function findSession(ctx: TAppContext, token: string): Promise<TAuth | null> {
  if (token.length < 20 || token.length > 100) return null;
  const rows = await ctx.db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.tokenHash, sha256(token)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  const idleLimit = row.session.lastSeenAt.getTime() + ctx.config.SESSION_IDLE_MINUTES * 60_000;
  if (row.session.expiresAt.getTime() <= now || idleLimit <= now) {
    await ctx.db.delete(authSessions).where(eq(authSessions.tokenHash, row.session.tokenHash));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await ctx.db
      .update(authSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(authSessions.tokenHash, row.session.tokenHash));
  }
  return row;
}

export async function destroySession(ctx: TAppContext, tokenHash: string): Promise<void> {
  await ctx.db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash));
}

/** Removes sessions past their lifetime or idle limit; run at start and now and then. */
export async function purgeExpiredSessions(ctx: TAppContext): Promise<void> {
  const idleCutoff = new Date(Date.now() - ctx.config.SESSION_IDLE_MINUTES * 60_000);
  await ctx.db
    .delete(authSessions)
    .where(or(lt(authSessions.expiresAt, sql`now()`), lt(authSessions.lastSeenAt, idleCutoff)));
}

export const sessionsOfUser = (ctx: TAppContext, userId: number) =>
  ctx.db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId)));
