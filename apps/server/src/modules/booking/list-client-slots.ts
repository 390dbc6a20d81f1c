import type { TClientSlotsResponse } from '@therapy/contract';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TUserRow } from '../../db/schema/index.ts';
import { prepared } from '../../lib/prepared.ts';
import { selectSlotsWithTherapist } from './load-client-slot.ts';
import { presentClientSlot } from './present-slot.ts';

const PAST_LIMIT = 100;

const clientId = sql.placeholder('clientId');
const now = sql`${sql.placeholder('now')}::timestamptz`;
const notOver = sql`${slots.startsAt} + make_interval(mins => ${slots.durationMin}) > ${now}`;
// A session lasts less than a day (slots_block_within_a_day), so one not over started after this:
// the bound lets the (client_id, starts_at) index skip the client's whole history.
const startedSinceADay = sql`${slots.startsAt} > ${now} - interval '1 day'`;

/** Booked and not over, earliest first, and the client's live hold. */
export const upcomingQuery = (db: TAppContext['db']) =>
  selectSlotsWithTherapist(
    db,
    and(
      eq(slots.clientId, clientId),
      // A live hold started within a day too: it is taken for a future time and lapses in minutes.
      startedSinceADay,
      or(and(eq(slots.status, 'booked'), notOver), and(eq(slots.status, 'held'), sql`${slots.holdExpiresAt} > ${now}`)),
    ),
  )
    .orderBy(asc(slots.startsAt))
    .prepare('client_slots_upcoming');

/** Everything else but lapsed holds and the rows a move replaced, latest first, the first PAST_LIMIT. */
export const pastQuery = (db: TAppContext['db']) =>
  selectSlotsWithTherapist(
    db,
    and(
      eq(slots.clientId, clientId),
      or(
        inArray(slots.status, ['completed', 'cancelled', 'late_cancelled', 'missed']),
        and(eq(slots.status, 'booked'), sql`not (${notOver})`),
      ),
    ),
  )
    .orderBy(desc(slots.startsAt))
    .limit(PAST_LIMIT)
    .prepare('client_slots_past');

/**
 * GET /api/v1/user/slots: upcoming sessions (booked and not yet over, and a live hold),
 * earliest first; past ones, latest first, at most PAST_LIMIT. Lapsed holds and the rows a move
 * replaced are left out: the moved session carries the story. Filtered, ordered and cut in SQL.
 */
export async function listClientSlots(ctx: TAppContext, client: TUserRow): Promise<TClientSlotsResponse> {
  const at = new Date();
  const values = { clientId: client.id, now: at.toISOString() };
  const [upcoming, past] = await Promise.all([
    prepared(ctx.db, 'client_slots_upcoming', upcomingQuery).execute(values),
    prepared(ctx.db, 'client_slots_past', pastQuery).execute(values),
  ]);
  return {
    upcoming: upcoming.map((row) => presentClientSlot(ctx, row, client.tz, at)),
    past: past.map((row) => presentClientSlot(ctx, row, client.tz, at)),
  };
}
