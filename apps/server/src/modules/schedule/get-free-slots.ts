import type { TFreeSlotsQuery, TFreeSlotsResponse } from '@therapy/contract';
import type { TConfig } from '../../config.ts';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { instantOfWallTime, localParts, zoneOrDefault } from '../../lib/time.ts';
import { computeFreeSlots } from './compute-free-slots.ts';
import type { TTherapistWithUser } from './find-therapist.ts';
import { loadAvailability, loadTherapistAvailability } from './load-availability.ts';
import { mayBookTherapist } from './may-book-therapist.ts';

const DAY_MS = 86_400_000;

/** The earliest start a client may book now. */
export const earliestBookable = (config: TConfig, now = Date.now()) =>
  new Date(now + config.BOOKING_MIN_NOTICE_MINUTES * 60_000);

/** Free starts of a therapist in [from, to) for this client (none if the therapist takes no new clients). */
export async function freeStartsFor(
  db: TExecutor,
  config: TConfig,
  found: TTherapistWithUser,
  clientId: number,
  range: { from: Date; to: Date },
): Promise<Date[]> {
  if (!(await mayBookTherapist(db, found, clientId))) return [];
  return computeFreeSlots(await loadAvailability(db, found, { ...range, notBefore: earliestBookable(config) }));
}

/** The next few free starts (for a therapist card), looking two weeks ahead. */
export async function nearestFreeStarts(
  ctx: TAppContext,
  found: TTherapistWithUser,
  clientId: number,
  limit = 3,
): Promise<Date[]> {
  const from = new Date();
  const to = new Date(from.getTime() + 14 * DAY_MS);
  return (await freeStartsFor(ctx.db, ctx.config, found, clientId, { from, to })).slice(0, limit);
}

/** Every calendar date from `first` to `last` (YYYY-MM-DD) with its weekday, 0 being Monday. */
function datesBetween(first: string, last: string): { date: string; weekday: number }[] {
  const dates = [];
  for (let t = Date.parse(first), end = Date.parse(last); t <= end; t += DAY_MS) {
    const day = new Date(t);
    dates.push({ date: day.toISOString().slice(0, 10), weekday: (day.getUTCDay() + 6) % 7 });
  }
  return dates;
}

const NOT_FOUND = 'Психолог не найден';

/** GET /api/v1/user/therapists/:id/free_slots: the free starts grouped by the client's local dates. */
export async function getFreeSlots(
  ctx: TAppContext,
  client: TUserRow,
  therapistHashid: string,
  query: TFreeSlotsQuery,
): Promise<TFreeSlotsResponse> {
  const therapistId = ctx.hashids.decode('user', therapistHashid);
  if (therapistId === null) throw new AppError('not_found', NOT_FOUND);
  const tz = zoneOrDefault(client.tz);
  const from = new Date(instantOfWallTime(Date.parse(query.from), tz));
  const to = new Date(instantOfWallTime(Date.parse(query.to) + DAY_MS, tz));
  const loaded = await loadTherapistAvailability(ctx.db, therapistId, {
    from,
    to,
    notBefore: earliestBookable(ctx.config),
  });
  if (!loaded) throw new AppError('not_found', NOT_FOUND);
  const starts = (await mayBookTherapist(ctx.db, loaded.found, client.id)) ? computeFreeSlots(loaded.input) : [];

  const days = datesBetween(query.from, query.to).map((d) => ({
    ...d,
    slots: [] as TFreeSlotsResponse['days'][number]['slots'],
  }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const start of starts) {
    const { date, time, label } = localParts(start, tz);
    byDate.get(date)?.slots.push({ starts_at: start.toISOString(), time, label });
  }
  return {
    therapist_id: ctx.hashids.encode('user', therapistId),
    tz,
    session_minutes: loaded.found.therapist.sessionMinutes,
    days,
  };
}
