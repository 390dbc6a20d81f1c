import { and, between, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { availabilityExceptions, availabilityRules, LIVE_SLOT_STATUSES, slots } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { zoneOrDefault } from '../../lib/time.ts';
import type { TFreeSlotsInput } from './compute-free-slots.ts';
import { loadTherapist, type TTherapistWithUser } from './find-therapist.ts';

const DAY_MS = 86_400_000;

/**
 * Live sessions of a therapist that overlap [from, to): booked, completed, and holds that
 * have not lapsed (a lapsed hold stops blocking; the next hold marks it expired).
 */
export async function loadBusy(db: TExecutor, therapistId: number, from: Date, to: Date) {
  return db
    .select({ startsAt: slots.startsAt, blockedUntil: slots.blockedUntil })
    .from(slots)
    .where(
      and(
        eq(slots.therapistId, therapistId),
        inArray(slots.status, [...LIVE_SLOT_STATUSES]),
        lt(slots.startsAt, to),
        gt(slots.blockedUntil, from),
        // The lower bound on the index (therapist_id, starts_at): a session and its buffer fit in a day
        // (slots_within_a_day), so none that started earlier can reach `from`.
        gt(slots.startsAt, new Date(from.getTime() - DAY_MS)),
        or(ne(slots.status, 'held'), sql`${slots.holdExpiresAt} is null`, gt(slots.holdExpiresAt, sql`now()`)),
      ),
    );
}

type TRange = { from: Date; to: Date; notBefore: Date; withBusy?: boolean };

/** A UTC calendar date some days from an instant: no zone is more than 14 h from UTC, so ±2 days covers every zone. */
const utcDate = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** The rules, the exceptions of the dates around the range and (unless told not to) the live sessions. */
function loadParts(db: TExecutor, therapistId: number, range: TRange) {
  return Promise.all([
    db
      .select({
        weekday: availabilityRules.weekday,
        startMinute: availabilityRules.startMinute,
        endMinute: availabilityRules.endMinute,
      })
      .from(availabilityRules)
      .where(eq(availabilityRules.therapistId, therapistId)),
    db
      .select({
        onDate: availabilityExceptions.onDate,
        kind: availabilityExceptions.kind,
        startMinute: availabilityExceptions.startMinute,
        endMinute: availabilityExceptions.endMinute,
      })
      .from(availabilityExceptions)
      .where(
        and(
          eq(availabilityExceptions.therapistId, therapistId),
          between(availabilityExceptions.onDate, utcDate(range.from, -2), utcDate(range.to, 2)),
        ),
      ),
    range.withBusy === false
      ? Promise.resolve([])
      : // a start just before `to` blocks into the next day, so read a day more
        loadBusy(db, therapistId, range.from, new Date(range.to.getTime() + DAY_MS)),
  ]);
}

function toInput(
  found: TTherapistWithUser,
  [rules, exceptions, busy]: Awaited<ReturnType<typeof loadParts>>,
  range: TRange,
): TFreeSlotsInput {
  return {
    tz: zoneOrDefault(found.user.tz),
    rules,
    exceptions,
    sessionMinutes: found.therapist.sessionMinutes,
    bufferMinutes: found.therapist.bufferMinutes,
    busy,
    from: range.from,
    to: range.to,
    notBefore: range.notBefore,
  };
}

/**
 * Everything `computeFreeSlots` needs for [from, to), read from the database: the weekly
 * rules, the exceptions of the local dates around the range and, unless `withBusy` is
 * false (checking a time against the grid only), the live sessions.
 */
export async function loadAvailability(
  db: TExecutor,
  found: TTherapistWithUser,
  range: TRange,
): Promise<TFreeSlotsInput> {
  return toInput(found, await loadParts(db, found.user.id, range), range);
}

/** The therapist and their availability in one round of parallel reads; null when there is no such therapist. */
export async function loadTherapistAvailability(
  db: TExecutor,
  therapistId: number,
  range: TRange,
): Promise<{ found: TTherapistWithUser; input: TFreeSlotsInput } | null> {
  const [found, parts] = await Promise.all([loadTherapist(db, therapistId), loadParts(db, therapistId, range)]);
  return found ? { found, input: toInput(found, parts, range) } : null;
}
