import type { TPassStatus } from '@therapy/contract';
import { desc, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { clientPasses, passPurchases, type TUserRow } from '../../db/schema/index.ts';
import { effectiveStatus } from './present-client-pass.ts';

/**
 * spec §3 "Pass status": pending_purchase while the client's newest purchase is unpaid (the
 * web keeps polling it), otherwise active when a pass has sessions left, otherwise what became
 * of the newest pass (used up, expired), or none.
 */
export async function getPassStatus(ctx: TAppContext, user: TUserRow, now = new Date()): Promise<TPassStatus> {
  const [newest] = await ctx.db
    .select({ id: passPurchases.id, status: passPurchases.status })
    .from(passPurchases)
    .where(eq(passPurchases.userId, user.id))
    .orderBy(desc(passPurchases.createdAt), desc(passPurchases.id))
    .limit(1);
  const owned = await ctx.db
    .select()
    .from(clientPasses)
    .where(eq(clientPasses.userId, user.id))
    .orderBy(desc(clientPasses.createdAt), desc(clientPasses.id));
  const live = owned.filter((p) => effectiveStatus(p, now) === 'active' && p.sessionsLeft > 0);
  const sessionsLeft = live.reduce((sum, p) => sum + p.sessionsLeft, 0);
  const expiresAt = live
    .map((p) => p.expiresAt)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const passPurchase = newest ? { id: ctx.hashids.encode('purchase', newest.id) } : null;

  let status: TPassStatus['status'] = 'none';
  if (newest?.status === 'pending') status = 'pending_purchase';
  else if (live.length > 0) status = 'active';
  else {
    const last = owned.map((p) => effectiveStatus(p, now)).find((s) => s === 'used_up' || s === 'expired');
    if (last === 'used_up' || last === 'expired') status = last;
  }
  return {
    status,
    pass_purchase: passPurchase,
    sessions_left: sessionsLeft,
    expires_at: expiresAt?.toISOString() ?? null,
  };
}
