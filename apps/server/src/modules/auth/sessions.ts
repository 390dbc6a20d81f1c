import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { TAppContext, TAuth } from '../../context.ts';
import { authSessions, type TAuthSessionRow, users } from '../../db/schema/index.ts';
import { prepared } from '../../lib/prepared.ts';
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

const isLive = (ctx: TAppContext, session: TAuthSessionRow, now: number) =>
  session.expiresAt.getTime() > now && session.lastSeenAt.getTime() + ctx.config.SESSION_IDLE_MINUTES * 60_000 > now;

/** Marks the session used at most once a minute (per node), so the idle limit counts from real use. */
async function touch(ctx: TAppContext, session: TAuthSessionRow, now: number): Promise<void> {
  if (now - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return;
  // The copy first, so the requests arriving meanwhile do not write too.
  session.lastSeenAt = new Date(now);
  await ctx.db
    .update(authSessions)
    .set({ lastSeenAt: session.lastSeenAt })
    .where(eq(authSessions.tokenHash, session.tokenHash));
}

const loadSession = (ctx: TAppContext, tokenHash: string) =>
  prepared(ctx.db, 'find_session', (db) =>
    db
      .select({ session: authSessions, user: users })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(authSessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('find_session'),
  ).execute({ tokenHash });

/**
 * The live session behind a cookie value, or null when it is unknown, idle too long or past its lifetime.
 * A cached copy answers while it is current (lib/session-cache.ts); a copy that looks idle or expired
 * is checked against the database, since another node may have used it since.
 */
export async function findSession(ctx: TAppContext, token: string): Promise<TAuth | null> {
  if (token.length < 20 || token.length > 100) return null;
  const tokenHash = sha256(token);
  const now = Date.now();
  const cached = await ctx.sessions.get(tokenHash);
  if (cached && isLive(ctx, cached.auth.session, now)) {
    await touch(ctx, cached.auth.session, now);
    return cached.auth;
  }
  ctx.sessions.drop(tokenHash);
  const generation = await ctx.sessions.generation(tokenHash);
  const [row] = await loadSession(ctx, tokenHash);
  if (!row) return null;
  if (!isLive(ctx, row.session, now)) {
    await ctx.db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash));
    return null;
  }
  await touch(ctx, row.session, now);
  if (generation !== null) ctx.sessions.set(tokenHash, row, generation);
  return row;
}

/** Logout and rotation: the row goes, then every node's copy. */
export async function destroySession(ctx: TAppContext, tokenHash: string): Promise<void> {
  await ctx.db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash));
  await ctx.sessions.invalidate([tokenHash]);
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
