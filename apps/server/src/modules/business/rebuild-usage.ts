import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { businesses, businessUsageMonths, businessUsagePeriods, businessUsageYears } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';
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
    await summarizeBusinessUsage(tx, businessId);
    await tx.update(businesses).set({ usageUpdatedAt: now }).where(eq(businesses.id, businessId));
  });
}

/** Rebuilds every business (the hourly job, and after the demo seed). */
export async function rebuildAllBusinessUsage(db: TDb, now = new Date()): Promise<number> {
  const all = await db.select({ id: businesses.id }).from(businesses);
  for (const { id } of all) await rebuildBusinessUsage(db, id, now);
  return all.length;
}

/**
 * Sums a business's monthly usage into what the pages read: one row per employee and year (the
 * employees table) and one per month, quarter and year with the number of people who took part
 * (the statistics). Run inside the rebuild's transaction, and again when an employee gives or withdraws
 * the employer's view (modules/privacy/consents.ts).
 *
 * The statistics sum only employees who share their usage: the employees table shows each of them, so a
 * total that also held the others would let the employer subtract the shown rows and read what someone
 * who keeps their usage private did (employer-view.test.ts).
 */
export async function summarizeBusinessUsage(tx: TExecutor, businessId: number): Promise<void> {
  const monthsDone = sql.raw(
    Array.from({ length: 12 }, (_, i) => `coalesce(sum(sessions_done) filter (where month = ${i + 1}), 0)::int`).join(
      ', ',
    ),
  );
  await tx.delete(businessUsageYears).where(eq(businessUsageYears.businessId, businessId));
  await tx.execute(sql`
    insert into business_usage_years (business_id, employee_id, year, sessions_done, spent_minor, months_done)
    select business_id, employee_id, year, sum(sessions_done)::int, sum(spent_minor)::bigint, array[${monthsDone}]
    from business_usage_months where business_id = ${businessId}
    group by business_id, employee_id, year`);
  await tx.delete(businessUsagePeriods).where(eq(businessUsagePeriods.businessId, businessId));
  await tx.execute(sql`
    insert into business_usage_periods
      (business_id, year, level, number, people, sessions_booked, sessions_done, sessions_cancelled, spent_minor)
    select ${businessId}, year,
      case when grouping(month) = 0 then 'month' when grouping((month - 1) / 3 + 1) = 0 then 'quarter' else 'year' end,
      case when grouping(month) = 0 then month when grouping((month - 1) / 3 + 1) = 0 then (month - 1) / 3 + 1 else 0 end,
      count(distinct employee_id) filter (where sessions_booked + sessions_done + sessions_cancelled + spent_minor > 0)::int,
      sum(sessions_booked)::int, sum(sessions_done)::int, sum(sessions_cancelled)::int, sum(spent_minor)::bigint
    from business_usage_months m
    where business_id = ${businessId}
      and exists (select 1 from employees e where e.id = m.employee_id and e.usage_consent_at is not null)
    group by grouping sets ((year, month), (year, (month - 1) / 3 + 1), (year))`);
}
