import type { TCurrency } from '@therapy/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { passPurchases, type TPromocodeRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { promocodeFitsCurrency } from './promocode-rules.ts';

export type TPromocodeProblem = 'inactive' | 'not_started' | 'expired' | 'used_up' | 'user_limit' | 'currency';

/** What the code's own row says against using it now (everything but the client's own uses), or null. */
export function promocodeRuleProblem(
  code: TPromocodeRow,
  input: { now: Date; currency: TCurrency | null },
): Exclude<TPromocodeProblem, 'user_limit'> | null {
  if (!code.active) return 'inactive';
  if (code.startsAt && code.startsAt > input.now) return 'not_started';
  if (code.expiresAt && code.expiresAt <= input.now) return 'expired';
  if (code.maxRedemptions !== null && code.redemptionsCount >= code.maxRedemptions) return 'used_up';
  if (input.currency && !promocodeFitsCurrency(code, input.currency)) return 'currency';
  return null;
}

/**
 * Why a code cannot be used by this client now, or null. Purchases in progress count
 * towards the client's own limit only when buying (`countPending`), so an abandoned
 * checkout does not stop the client from applying the code again.
 */
export async function promocodeProblem(
  db: TExecutor,
  code: TPromocodeRow,
  input: { userId: number; now: Date; currency: TCurrency | null; countPending: boolean },
): Promise<TPromocodeProblem | null> {
  const problem = promocodeRuleProblem(code, input);
  if (problem) return problem;
  const statuses = input.countPending
    ? (['pending', 'completed', 'refunded'] as const)
    : (['completed', 'refunded'] as const);
  const [used] = await db
    .select({ n: count() })
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.userId, input.userId),
        eq(passPurchases.promocodeId, code.id),
        inArray(passPurchases.status, [...statuses]),
      ),
    );
  if ((used?.n ?? 0) >= code.perUserLimit) return 'user_limit';
  return null;
}

const CURRENCY_IN = { rub: 'в рублях', eur: 'в евро' } as const;

export function promocodeProblemMessage(problem: TPromocodeProblem, code: TPromocodeRow): string {
  switch (problem) {
    case 'inactive':
      return 'Этот промокод больше не действует';
    case 'not_started':
      return 'Этот промокод ещё не начал действовать';
    case 'expired':
      return 'Срок действия промокода истёк';
    case 'used_up':
      return 'Этот промокод уже использовали максимальное число раз';
    case 'user_limit':
      return 'Вы уже использовали этот промокод';
    case 'currency':
      return `Промокод действует только при оплате ${CURRENCY_IN[code.currency ?? 'rub']}`;
  }
}

export const promocodeProblemError = (problem: TPromocodeProblem, code: TPromocodeRow): AppError =>
  new AppError('promocode_invalid', promocodeProblemMessage(problem, code), {
    code: promocodeProblemMessage(problem, code),
  });
