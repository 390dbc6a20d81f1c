import type { TClientSlotsResponse } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TSlotRow, TUserRow } from '../../db/schema/index.ts';
import { presentClientSlot } from './present-slot.ts';

const PAST_LIMIT = 100;

/** One row of the statement: a slot of the client with its therapist, in the part of the list it belongs to. */
type TListedSlotRow = {
  /** 0: upcoming, 1: past. */
  part: 0 | 1;
  id: number;
  status: TSlotRow['status'];
  therapy_type: TSlotRow['therapyType'];
  starts_at: Date;
  duration_min: number;
  hold_expires_at: Date | null;
  therapist_id: number;
  first_name: string;
  last_name: string;
  avatar_thumb: string | null;
  rated: boolean;
};

// Both parts in one statement (one round trip, one pool connection), each on the (client_id, starts_at)
// index. Upcoming: booked and not over, and a live hold; a session lasts less than a day
// (slots_block_within_a_day), so one not over started after $2 - 1 day, and a live hold did too (it is
// taken for a future time and lapses in minutes): that bound lets the index skip the client's history.
// Past: everything else but lapsed holds and the rows a move replaced, latest first, the first PAST_LIMIT.
export const CLIENT_SLOTS_SQL = `
with upcoming as (
  select s.id, s.status, s.therapy_type, s.starts_at, s.duration_min, s.hold_expires_at, s.therapist_id, s.client_id
  from slots s
  where s.client_id = $1 and s.starts_at > $2::timestamptz - interval '1 day'
    and ((s.status = 'booked' and s.starts_at + make_interval(mins => s.duration_min) > $2::timestamptz)
      or (s.status = 'held' and s.hold_expires_at > $2::timestamptz))
), past as (
  select s.id, s.status, s.therapy_type, s.starts_at, s.duration_min, s.hold_expires_at, s.therapist_id, s.client_id
  from slots s
  where s.client_id = $1
    and (s.status in ('completed', 'cancelled', 'late_cancelled', 'missed')
      or (s.status = 'booked' and s.starts_at + make_interval(mins => s.duration_min) <= $2::timestamptz))
  order by s.starts_at desc
  limit ${PAST_LIMIT}
), listed as (
  select 0 as part, upcoming.* from upcoming
  union all
  select 1 as part, past.* from past
)
select l.part, l.id, l.status, l.therapy_type, l.starts_at, l.duration_min, l.hold_expires_at,
  u.id as therapist_id, u.first_name, u.last_name, th.avatar_thumb,
  exists (select 1 from video_ratings r where r.slot_id = l.id and r.user_id = l.client_id) as rated
from listed l
join users u on u.id = l.therapist_id
left join therapists th on th.user_id = l.therapist_id
order by l.part, case when l.part = 0 then l.starts_at end asc, case when l.part = 1 then l.starts_at end desc`;

/**
 * GET /api/v1/user/slots: upcoming sessions (booked and not yet over, and a live hold),
 * earliest first; past ones, latest first, at most PAST_LIMIT. Lapsed holds and the rows a move
 * replaced are left out: the moved session carries the story. Filtered, ordered and cut in SQL.
 */
export async function listClientSlots(ctx: TAppContext, client: TUserRow): Promise<TClientSlotsResponse> {
  const at = new Date();
  const rows = await ctx.database.prepared<TListedSlotRow>('client_slots', CLIENT_SLOTS_SQL, [client.id, at]);
  const answer: TClientSlotsResponse = { upcoming: [], past: [] };
  for (const row of rows) {
    const slot = {
      id: row.id,
      status: row.status,
      therapyType: row.therapy_type,
      startsAt: row.starts_at,
      durationMin: row.duration_min,
      holdExpiresAt: row.hold_expires_at,
    };
    const therapist = {
      id: row.therapist_id,
      firstName: row.first_name,
      lastName: row.last_name,
      avatarThumb: row.avatar_thumb,
    };
    (row.part === 0 ? answer.upcoming : answer.past).push(
      presentClientSlot(ctx, { slot, therapist, rated: row.rated }, client.tz, at),
    );
  }
  return answer;
}
