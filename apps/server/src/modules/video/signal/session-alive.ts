import type { TAppContext } from '../../../context.ts';
import type { TJoinBatches } from './join-batches.ts';

/** A session's marks of use are written at most this often (as the request path does, modules/auth/sessions.ts). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Whether the sign-in behind a signaling socket (`sessionKey`, the sha256 of its cookie) is live for this user:
 * from the session cache when it holds a current copy (memory, or one Redis GET when the nodes share Redis;
 * lib/session-cache.ts never serves a revoked one), else from the database, batched with the other sockets' checks.
 * Using it counts as activity, so a person talking for an hour without a page request is not signed out for being
 * idle: a copy not marked used for a minute is marked, `touch: 'behind'` without waiting for it (a join),
 * `'wait'` waiting (the periodic check).
 */
export async function sessionLive(
  ctx: Pick<TAppContext, 'sessions' | 'config'>,
  batches: Pick<TJoinBatches, 'sessionAlive'>,
  sessionKey: string,
  userId: number,
  now: Date,
  touch: 'behind' | 'wait',
): Promise<boolean> {
  const cached = await ctx.sessions.get(sessionKey);
  const session = cached?.auth.session;
  const at = now.getTime();
  const live =
    session &&
    session.userId === userId &&
    session.expiresAt.getTime() > at &&
    session.lastSeenAt.getTime() + ctx.config.SESSION_IDLE_MINUTES * 60_000 > at;
  if (!live) return batches.sessionAlive(sessionKey, userId);
  if (at - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return true;
  // The copy first, so the checks arriving meanwhile do not write too.
  session.lastSeenAt = now;
  const marked = batches.sessionAlive(sessionKey, userId);
  if (touch === 'wait') return marked;
  marked.catch(() => undefined);
  return true;
}
