import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { clientPasses, passes, type TSlotRow } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';

/**
 * The client's pass a session can be paid from: active, with sessions left, valid at the
 * session's time, of the session's therapy type and the therapist's tier. Of several, the
 * one that expires first; or exactly the one asked for, if it fits.
 */
export async function findFittingPass(
  db: TExecutor,
  input: {
    clientId: number;
    therapyType: TSlotRow['therapyType'];
    tier: 'standard' | 'senior' | 'expert';
    startsAt: Date;
    clientPassId?: number;
  },
): Promise<{ id: number } | null> {
  const [pass] = await db
    .select({ id: clientPasses.id })
    .from(clientPasses)
    .innerJoin(passes, eq(passes.id, clientPasses.passId))
    .where(
      and(
        eq(clientPasses.userId, input.clientId),
        eq(clientPasses.status, 'active'),
        gt(clientPasses.sessionsLeft, 0),
        or(isNull(clientPasses.expiresAt), gt(clientPasses.expiresAt, input.startsAt)),
        eq(passes.therapyType, input.therapyType),
        eq(passes.tier, input.tier),
        input.clientPassId === undefined ? undefined : eq(clientPasses.id, input.clientPassId),
      ),
    )
    .orderBy(sql`${clientPasses.expiresAt} asc nulls last`, asc(clientPasses.id))
    .limit(1);
  return pass ?? null;
}
