import type { TUserPromocode } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { appliedPromocodes, promocodes, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { promocodeProblem, promocodeProblemError } from './check-promocode.ts';
import { isPromocodeBlocked, PROMOCODE_BLOCKED_MESSAGE } from './is-promocode-blocked.ts';

/**
 * Applies a code (any letter case) for the client's next purchase, replacing an applied one.
 * It is checked against the client's currency and limits now, and again when buying.
 */
export async function applyPromocode(
  ctx: TAppContext,
  user: TUserRow,
  input: { code: string },
  now = new Date(),
): Promise<TUserPromocode> {
  if (await isPromocodeBlocked(ctx.db, user.id, now)) {
    throw new AppError('promocode_blocked', PROMOCODE_BLOCKED_MESSAGE);
  }
  const [code] = await ctx.db.select().from(promocodes).where(sql`upper(${promocodes.code}) = upper(${input.code})`);
  if (!code) {
    const message = 'Такого промокода нет: проверьте, правильно ли он введён';
    throw new AppError('promocode_invalid', message, { code: message });
  }
  const problem = await promocodeProblem(ctx.db, code, {
    userId: user.id,
    now,
    currency: user.currency,
    countPending: false,
  });
  if (problem) throw promocodeProblemError(problem, code);
  await ctx.db
    .insert(appliedPromocodes)
    .values({ userId: user.id, promocodeId: code.id, appliedAt: now })
    .onConflictDoUpdate({ target: appliedPromocodes.userId, set: { promocodeId: code.id, appliedAt: now } });
  return { active: true, description: code.description, code: code.code };
}
