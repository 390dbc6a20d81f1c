import {
  RETAINED_AT_SESSION,
  THERAPIST_METRICS_MONTHS,
  type TMetricFigures,
  type TTherapistMetricsResponse,
} from '@therapy/contract';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/query-rows.ts';

/** Counts behind the four figures, for all time or for one month. */
type TCounts = {
  sessions_single: number;
  sessions_couple: number;
  clients: number;
  clients_single: number;
  clients_couple: number;
  /** Clients whose 1st (7th) completed session falls in the span (for a month: up to its end). */
  firsts: number;
  sevenths: number;
};

/** a ÷ b, or null when there was nothing to count. */
const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

function figuresOf(c: TCounts): TMetricFigures {
  return {
    avg_sessions_per_user: ratio(c.sessions_single + c.sessions_couple, c.clients),
    avg_sessions_per_user_couple: ratio(c.sessions_couple, c.clients_couple),
    avg_sessions_per_user_single: ratio(c.sessions_single, c.clients_single),
    s7s1ratio: ratio(c.sevenths, c.firsts),
  };
}

/**
 * The therapist's completed sessions, each numbered within its client (1st, 2nd, …) and placed
 * in its calendar month in the therapist's zone. Read in the order of slots_therapist_client_idx
 * (therapist, client, start), so the numbering needs no sort; two completed sessions of one
 * therapist never start together (slots_no_overlap), so the start alone orders them.
 */
const doneSessions = (therapist: TUserRow) => sql`
  select client_id, therapy_type,
    date_trunc('month', starts_at at time zone ${therapist.tz}) as month,
    row_number() over (partition by client_id order by starts_at) as n
  from slots
  where therapist_id = ${therapist.id} and status = 'completed'`;

const COUNTS = sql`
  count(*) filter (where therapy_type = 'single')::int as sessions_single,
  count(*) filter (where therapy_type = 'couple')::int as sessions_couple,
  count(distinct client_id)::int as clients,
  count(distinct client_id) filter (where therapy_type = 'single')::int as clients_single,
  count(distinct client_id) filter (where therapy_type = 'couple')::int as clients_couple`;

/** GET /api/v1/therapist/metrics: all-time figures and the last 12 months (spec §3 Metrics). */
export async function therapistMetrics(
  ctx: TAppContext,
  therapist: TUserRow,
  now = new Date(),
): Promise<TTherapistMetricsResponse> {
  const nowIso = now.toISOString();
  // One statement: the numbering of completed sessions is done once for both the all-time row (month null)
  // and the 12 monthly rows. The all-time row adds up one row per client (done is in client order) rather
  // than counting distinct clients over every session, which sorts them all once per count.
  const rows = await queryRows<TCounts & { month: string | null }>(
    ctx.db,
    sql`with done as (${doneSessions(therapist)}),
      months as (
        select generate_series(
          date_trunc('month', ${nowIso}::timestamptz at time zone ${therapist.tz}) - make_interval(months => ${THERAPIST_METRICS_MONTHS - 1}),
          date_trunc('month', ${nowIso}::timestamptz at time zone ${therapist.tz}),
          interval '1 month') as month
      ),
      per_month as (select month, ${COUNTS} from done where month >= (select min(month) from months) group by month),
      milestones as (
        select month, count(*) filter (where n = 1)::int as firsts, count(*) filter (where n = ${RETAINED_AT_SESSION})::int as sevenths
        from done where n in (1, ${RETAINED_AT_SESSION}) group by month
      ),
      per_client as (
        select client_id,
          count(*) filter (where therapy_type = 'single')::int as single,
          count(*) filter (where therapy_type = 'couple')::int as couple,
          max(n) as reached
        from done group by client_id
      )
      select null as month,
        coalesce(sum(single), 0)::int as sessions_single,
        coalesce(sum(couple), 0)::int as sessions_couple,
        count(*)::int as clients,
        count(*) filter (where single > 0)::int as clients_single,
        count(*) filter (where couple > 0)::int as clients_couple,
        count(*)::int as firsts,
        count(*) filter (where reached >= ${RETAINED_AT_SESSION})::int as sevenths
      from per_client
      union all
      select to_char(m.month, 'YYYY-MM') as month,
        coalesce(p.sessions_single, 0) as sessions_single,
        coalesce(p.sessions_couple, 0) as sessions_couple,
        coalesce(p.clients, 0) as clients,
        coalesce(p.clients_single, 0) as clients_single,
        coalesce(p.clients_couple, 0) as clients_couple,
        (select coalesce(sum(firsts), 0)::int from milestones x where x.month <= m.month) as firsts,
        (select coalesce(sum(sevenths), 0)::int from milestones x where x.month <= m.month) as sevenths
      from months m left join per_month p on p.month = m.month
      order by month nulls first`,
  );
  // `order by month nulls first`: the all-time row, then the months, oldest first.
  const [counts, ...monthly] = rows as [TCounts, ...(TCounts & { month: string })[]];
  return {
    ...figuresOf(counts),
    sessions_done: counts.sessions_single + counts.sessions_couple,
    clients: counts.clients,
    monthly: monthly.map((m) => ({
      month: m.month,
      sessions_single: m.sessions_single,
      sessions_couple: m.sessions_couple,
      clients: m.clients,
      ...figuresOf(m),
    })),
  };
}
