import type { TActiveSessionsResponse } from '@therapy/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { authSessions, type TAuthSessionRow, type TUserRow } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { deviceOf, placeOf } from './describe-session.ts';

/** The id a session is shown by: derived from the stored hash, so it opens nothing and leads back to no cookie. */
export const publicSessionId = (tokenHash: string): string => sha256(`session-id:${tokenHash}`).slice(0, 32);

/** The user's sessions still within their idle and absolute limits (the lapsed ones are purged elsewhere). */
async function liveSessionsOf(ctx: TAppContext, userId: number, now = Date.now()): Promise<TAuthSessionRow[]> {
  const rows = await ctx.db.select().from(authSessions).where(eq(authSessions.userId, userId));
  const idleMs = ctx.config.SESSION_IDLE_MINUTES * 60_000;
  return rows.filter((row) => row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + idleMs > now);
}

/** «Активные сеансы»: the current session first, then the others by last use. */
export async function listActiveSessions(
  ctx: TAppContext,
  user: TUserRow,
  current: TAuthSessionRow,
): Promise<TActiveSessionsResponse> {
  const rows = await liveSessionsOf(ctx, user.id);
  const isCurrent = (row: TAuthSessionRow) => row.tokenHash === current.tokenHash;
  rows.sort((a, b) => Number(isCurrent(b)) - Number(isCurrent(a)) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  return {
    sessions: rows.map((row) => ({
      id: publicSessionId(row.tokenHash),
      current: isCurrent(row),
      device: deviceOf(row.userAgent),
      ip: row.ip,
      place: placeOf(row.ip),
      signed_in_at: row.createdAt.toISOString(),
      last_used_at: row.lastSeenAt.toISOString(),
    })),
  };
}

/** Ends one other session of the user; an unknown id (or another user's) is 404, the current one is ended by signing out. */
export async function endActiveSession(
  ctx: TAppContext,
  user: TUserRow,
  current: TAuthSessionRow,
  id: string,
  origin: TAuditOrigin,
): Promise<TActiveSessionsResponse> {
  const target = (await liveSessionsOf(ctx, user.id)).find((row) => publicSessionId(row.tokenHash) === id);
  if (!target) throw new AppError('not_found', 'Сеанс не найден или уже завершён');
  if (target.tokenHash === current.tokenHash) {
    throw new AppError('conflict', 'Это текущий сеанс: чтобы завершить его, нажмите «Выйти»');
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(authSessions).where(eq(authSessions.tokenHash, target.tokenHash));
    await appendAudit(tx, origin, [{ action: 'session_ended', subjectId: user.id, details: { sessions: 1 } }]);
  });
  // After the commit: no node may keep serving a cached copy of the ended session.
  await ctx.sessions.invalidate([target.tokenHash]);
  return listActiveSessions(ctx, user, current);
}

/** Ends every session of the user but `keep` (the current one); how many it ended. */
export async function endOtherSessions(
  ctx: Pick<TAppContext, 'db' | 'sessions'>,
  user: TUserRow,
  keep: TAuthSessionRow,
  origin: TAuditOrigin,
): Promise<number> {
  const ended = await ctx.db.transaction(async (tx) => {
    const ended = await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, user.id), ne(authSessions.tokenHash, keep.tokenHash)))
      .returning({ tokenHash: authSessions.tokenHash });
    if (ended.length > 0) {
      await appendAudit(tx, origin, [
        { action: 'session_ended', subjectId: user.id, details: { sessions: ended.length } },
      ]);
    }
    return ended;
  });
  // After the commit: every node drops its cached copies of the ended sessions.
  await ctx.sessions.invalidate(ended.map((row) => row.tokenHash));
  return ended.length;
}
