import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { businesses, businessUsageMonths } from '../../db/schema/index.ts';
import { USAGE_ZONE } from './calendar.ts';

/**
 * Rebuilds one business's usage by employee and month from its employees' sessions, the client
 * side's record: booked (every session that was booked, whatever became of it), done, cancelled,
 * and what the business paid (done, late-cancelled and missed sessions not paid from a pass).
 * Only sessions while the person was on the staff count. One transaction: readers see the old
 * figures or the new ones, never a half.
 */
export async function rebuildBusinessUsage(db: TDb, businessId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(businessUsageMonths).where(eq(businessUsageMonths.businessId, businessId));
    await tx.execute(sql`
      insert into business_usage_months
        (business_id, employee_id, year, month, sessions_booked, sessions_done, sessions_cancelled, spent_minor)
      select e.business_id, e.id,
        extract(year from s.starts_at at time zone ${USAGE_ZONE})::int,
        extract(month from s.starts_at at time zone ${USAGE_ZONE})::int,
        count(*) filter (where s.status in ('booked', 'completed', 'cancelled', 'late_cancelled', 'missed'))::int,
        count(*) filter (where s.status = 'completed')::int,
        count(*) filter (where s.status in ('cancelled', 'late_cancelled'))::int,
        coalesce(sum(b.session_price_minor) filter (
          where s.status in ('completed', 'late_cancelled', 'missed') and s.client_pass_id is null), 0)::int
      from employees e
      join businesses b on b.id = e.business_id
      join slots s on s.client_id = e.user_id
      where e.business_id = ${businessId}
        and s.status in ('booked', 'completed', 'cancelled', 'late_cancelled', 'missed')
        and (s.starts_at at time zone ${USAGE_ZONE})::date >= e.joined_on
        and (e.left_on is null or (s.starts_at at time zone ${USAGE_ZONE})::date <= e.left_on)
      group by 1, 2, 3, 4`);
    await tx.update(businesses).set({ usageUpdatedAt: now }).where(eq(businesses.id, businessId));
  });
}

/** Rebuilds every business (the hourly job, and after the demo seed). */
export async function rebuildAllBusinessUsage(db: TDb, now = new Date()): Promise<number> {
  const all = await db.select({ id: businesses.id }).from(businesses);
  for (const { id } of all) await rebuildBusinessUsage(db, id, now);
  return all.length;
}
