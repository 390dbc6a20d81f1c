import type { TClientPass } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TClientPassRow, TPassRow } from '../../db/schema/index.ts';

/** A pass past its expiry reads as expired even before anything has marked it so. */
export function effectiveStatus(row: TClientPassRow, now: Date): TClientPassRow['status'] {
  if (row.status === 'active' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

export function presentClientPass(
  ctx: TAppContext,
  row: { clientPass: TClientPassRow; pass: TPassRow },
  now: Date,
): TClientPass {
  const { clientPass, pass } = row;
  return {
    id: ctx.hashids.encode('client_pass', clientPass.id),
    pass_id: ctx.hashids.encode('pass', pass.id),
    tier: pass.tier,
    therapy_type: pass.therapyType,
    status: effectiveStatus(clientPass, now),
    sessions_total: clientPass.sessionsTotal,
    sessions_left: clientPass.sessionsLeft,
    activated_at: clientPass.activatedAt?.toISOString() ?? null,
    expires_at: clientPass.expiresAt?.toISOString() ?? null,
  };
}
