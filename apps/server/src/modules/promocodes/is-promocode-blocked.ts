import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { employees } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';

/** An employee whose employer barred promo codes (the business black-list) may use none while employed there. */
export async function isPromocodeBlocked(db: TExecutor, userId: number, now: Date): Promise<boolean> {
  const today = now.toISOString().slice(0, 10);
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.userId, userId),
        eq(employees.promocodesBlocked, true),
        lte(employees.joinedOn, today),
        or(isNull(employees.leftOn), gte(employees.leftOn, today)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export const PROMOCODE_BLOCKED_MESSAGE = 'Сотруднику запрещено использовать любой промокод';
