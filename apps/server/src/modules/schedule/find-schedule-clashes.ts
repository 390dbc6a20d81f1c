import type { TScheduleClash } from '@therapy/contract';
import { and, asc, eq, gt, gte } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { availabilityExceptions, availabilityRules, slots, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { localParts } from '../../lib/time.ts';
import { type TDayException, type TWeeklyRule, windowsOfDay } from './compute-free-slots.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** The weekly hours and exceptions a change is checked against. */
export type TScheduleParts = { rules: readonly TWeeklyRule[]; exceptions: readonly TDayException[] };

/** The therapist's hours and their exceptions from yesterday (UTC) on, as stored now. */
export async function loadScheduleParts(db: TExecutor, therapistId: number): Promise<TScheduleParts> {
  const since = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
  const [rules, exceptions] = await Promise.all([
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
        id: availabilityExceptions.id,
        onDate: availabilityExceptions.onDate,
        kind: availabilityExceptions.kind,
        startMinute: availabilityExceptions.startMinute,
        endMinute: availabilityExceptions.endMinute,
      })
      .from(availabilityExceptions)
      .where(and(eq(availabilityExceptions.therapistId, therapistId), gte(availabilityExceptions.onDate, since))),
  ]);
  return { rules, exceptions };
}

/**
 * Whether [start, end) lies inside the working hours. Windows of the day before and after are
 * merged in, so a session running past midnight into the next day's hours still fits.
 */
function fits(start: number, end: number, tz: string, parts: TScheduleParts): boolean {
  const day = Date.parse(localParts(new Date(start), tz).date);
  const windows = [day - DAY, day, day + DAY]
    .flatMap((d) => windowsOfDay(d, tz, parts.rules, parts.exceptions))
    .sort((a, b) => a.start - b.start);
  let reach = Number.NEGATIVE_INFINITY;
  for (const w of windows) {
    if (w.start > start && w.start > reach) break;
    if (w.start <= Math.max(start, reach)) reach = Math.max(reach, w.end);
    if (reach >= end) return true;
  }
  return false;
}

/**
 * The future booked sessions that fit the hours `before` and would not fit them `after`:
 * the sessions a change would leave outside the therapist's working time. A session that
 * already sits outside the hours is no clash of this change.
 */
export async function findScheduleClashes(
  ctx: Pick<TAppContext, 'hashids'>,
  db: TExecutor,
  therapistId: number,
  tz: string,
  before: TScheduleParts,
  after: TScheduleParts,
): Promise<TScheduleClash[]> {
  const booked = await db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      durationMin: slots.durationMin,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.clientId))
    .where(and(eq(slots.therapistId, therapistId), eq(slots.status, 'booked'), gt(slots.startsAt, new Date())))
    .orderBy(asc(slots.startsAt));
  return booked
    .filter((s) => {
      const start = s.startsAt.getTime();
      const end = start + s.durationMin * MINUTE;
      return fits(start, end, tz, before) && !fits(start, end, tz, after);
    })
    .map((s) => ({
      slot_id: ctx.hashids.encode('slot', s.id),
      starts_at: s.startsAt.toISOString(),
      duration_min: s.durationMin,
      local_label: localParts(s.startsAt, tz).label,
      client_name: `${s.firstName} ${s.lastName}`.trim() || 'Клиент',
    }));
}

/** 409 naming every clashing session, in the therapist's zone; nothing when there are none. */
export function refuseClashes(clashes: TScheduleClash[]): void {
  if (clashes.length === 0) return;
  const list = clashes.map((c) => `${c.local_label} — ${c.client_name}`).join('; ');
  throw new AppError(
    'conflict',
    `Изменение пересекается с записанными сессиями: ${list}. Перенесите или отмените их, затем сохраните снова`,
    undefined,
    { clashes },
  );
}
