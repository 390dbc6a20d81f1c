import type { TClientPass } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TClientPassRow, TPassRow } from '../../db/schema/index.ts';

/** A pass past its expiry reads as expired even before anything has marked it so. */
export function effectiveStatus(
  row: Pick<TClientPassRow, 'status' | 'expiresAt'>,
  now: Date,
): TClientPassRow['status'] {
  if (row.status === 'active' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

/** A client's pass with what it gives from its catalog entry. */
export type TOwnedPass = Pick<
  TClientPassRow,
  'id' | 'passId' | 'status' | 'sessionsTotal' | 'sessionsLeft' | 'activatedAt' | 'expiresAt'
> &
  Pick<TPassRow, 'tier' | 'therapyType'>;

export function presentClientPass(ctx: TAppContext, owned: TOwnedPass, now: Date): TClientPass {
  return {
    id: ctx.hashids.encode('client_pass', owned.id),
    pass_id: ctx.hashids.encode('pass', owned.passId),
    tier: owned.tier,
    therapy_type: owned.therapyType,
    status: effectiveStatus(owned, now),
    sessions_total: owned.sessionsTotal,
    sessions_left: owned.sessionsLeft,
    activated_at: owned.activatedAt?.toISOString() ?? null,
    expires_at: owned.expiresAt?.toISOString() ?? null,
  };
}
