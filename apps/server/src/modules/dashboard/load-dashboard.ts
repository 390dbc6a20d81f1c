import type { TAppContext } from '../../context.ts';

/** Everything the client's dashboard shows (lk_data and lk_widgets alike), read in one statement. */
export type TDashboardRow = {
  completed: number;
  upcoming: number;
  next_id: number | null;
  next_starts_at: Date | null;
  next_duration_min: number | null;
  next_therapy_type: 'single' | 'couple' | null;
  therapist_id: number | null;
  therapist_first_name: string | null;
  therapist_last_name: string | null;
  therapist_avatar: string | null;
  /** Active passes, the one ending first first. */
  passes: {
    id: number;
    status: 'active';
    therapy_type: 'single' | 'couple';
    sessions_total: number;
    sessions_left: number;
    expires_at: string | null;
  }[];
  employer: string | null;
  suggestions: number;
};

// The next session is one booked and not yet over (a started one may still need joining); without one,
// the therapist shown is the one of the last completed session. Each part walks one index
// (slots_client_idx, client passes by user, employees by user) for this client only.
const DASHBOARD_SQL = `
with next_slot as (
  select s.id, s.starts_at, s.duration_min, s.therapy_type, s.therapist_id
  from slots s join therapists th on th.user_id = s.therapist_id
  where s.client_id = $1 and s.status = 'booked' and s.starts_at + make_interval(mins => s.duration_min) > $2::timestamptz
  order by s.starts_at asc limit 1
), last_slot as (
  select s.therapist_id
  from slots s join therapists th on th.user_id = s.therapist_id
  where s.client_id = $1 and s.status = 'completed'
  order by s.starts_at desc limit 1
), counts as (
  select count(*) filter (where status = 'completed')::int as completed,
         count(*) filter (where status = 'booked' and starts_at > $2::timestamptz)::int as upcoming
  from slots where client_id = $1
)
select c.completed, c.upcoming,
  n.id as next_id, n.starts_at as next_starts_at, n.duration_min as next_duration_min,
  n.therapy_type as next_therapy_type,
  t.id as therapist_id, t.first_name as therapist_first_name, t.last_name as therapist_last_name,
  th.avatar_thumb as therapist_avatar,
  (select coalesce(json_agg(json_build_object(
      'id', cp.id, 'status', cp.status, 'therapy_type', p.therapy_type, 'sessions_total', cp.sessions_total,
      'sessions_left', cp.sessions_left, 'expires_at', cp.expires_at) order by cp.expires_at asc, cp.id asc), '[]'::json)
   from client_passes cp join passes p on p.id = cp.pass_id
   where cp.user_id = $1 and cp.status = 'active') as passes,
  (select b.name from employees e join businesses b on b.id = e.business_id
   where e.user_id = $1 and (e.left_on is null or e.left_on > $3::date) limit 1) as employer,
  (select count(*)::int from therapist_suggestions where user_id = $1) as suggestions
from counts c
left join next_slot n on true
left join users t on t.id = coalesce(n.therapist_id, (select therapist_id from last_slot))
left join therapists th on th.user_id = t.id`;

export async function loadDashboard(ctx: TAppContext, userId: number, now: Date): Promise<TDashboardRow> {
  const [row] = await ctx.database.prepared<TDashboardRow>('dashboard', DASHBOARD_SQL, [
    userId,
    now,
    now.toISOString().slice(0, 10),
  ]);
  if (!row) throw new Error('the dashboard statement returned no row');
  return row;
}
