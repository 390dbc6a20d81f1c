import type { TCurrency } from '@therapy/contract';
import { eq, sql } from 'drizzle-orm';
import { appliedPromocodes, promocodes, type TPromocodeRow } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { promocodeProblem, type TPromocodeProblem } from './check-promocode.ts';
import { isPromocodeBlocked } from './is-promocode-blocked.ts';

export type TAppliedPromocode = { code: TPromocodeRow; problem: TPromocodeProblem | 'blocked' | null };

/** The code the client has applied (locked for the buying transaction when asked), and why it cannot be used, if so. */
export async function findAppliedPromocode(
  db: TExecutor,
  input: { userId: number; now: Date; currency: TCurrency | null; countPending?: boolean; forUpdate?: boolean },
): Promise<TAppliedPromocode | null> {
  const query = db
    .select({ code: promocodes })
    .from(appliedPromocodes)
    .innerJoin(promocodes, eq(promocodes.id, appliedPromocodes.promocodeId))
    .where(eq(appliedPromocodes.userId, input.userId));
  const [row] = input.forUpdate ? await query.for('update', { of: appliedPromocodes }) : await query;
  if (!row) return null;
  if (await isPromocodeBlocked(db, input.userId, input.now)) return { code: row.code, problem: 'blocked' };
  const problem = await promocodeProblem(db, row.code, {
    userId: input.userId,
    now: input.now,
    currency: input.currency,
    countPending: input.countPending ?? false,
  });
  return { code: row.code, problem };
}

/**
 * Takes one redemption of the code if any is left: one statement, so concurrent buyers
 * cannot both take the last one.
 */
export async function reservePromocode(db: TExecutor, promocodeId: number): Promise<boolean> {
  const rows = await db
    .update(promocodes)
    .set({ redemptionsCount: sql`${promocodes.redemptionsCount} + 1` })
    .where(
      sql`${promocodes.id} = ${promocodeId} and (${promocodes.maxRedemptions} is null or ${promocodes.redemptionsCount} < ${promocodes.maxRedemptions})`,
    )
    .returning({ id: promocodes.id });
  return rows.length > 0;
}

/** Gives back the redemption a cancelled purchase held. */
export async function releasePromocode(db: TExecutor, promocodeId: number): Promise<void> {
  await db
    .update(promocodes)
    .set({ redemptionsCount: sql`${promocodes.redemptionsCount} - 1` })
    .where(sql`${promocodes.id} = ${promocodeId} and ${promocodes.redemptionsCount} > 0`);
}
