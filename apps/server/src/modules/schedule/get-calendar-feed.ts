import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, therapists, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { pickLanguage } from '../../lib/i18n/language.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { renderCalendarFeed, type TFeedSession } from './render-calendar-feed.ts';

const DAY = 86_400_000;
/** How far back and ahead the feed reaches: enough for a calendar, small enough to read at every poll. */
const PAST_DAYS = 60;
const FUTURE_DAYS = 366;
const MAX_CHAIN = 20;

/** For each slot id, the first slot of its reschedule chain and how many moves led here. */
async function chainRoots(ctx: TAppContext, rows: readonly { id: number; rescheduledFromId: number | null }[]) {
  const parent = new Map<number, number | null>(rows.map((r) => [r.id, r.rescheduledFromId]));
  for (let round = 0; round < MAX_CHAIN; round++) {
    const missing = [...new Set([...parent.values()])].filter((id): id is number => id !== null && !parent.has(id));
    if (missing.length === 0) break;
    const found = await ctx.db
      .select({ id: slots.id, rescheduledFromId: slots.rescheduledFromId })
      .from(slots)
      .where(inArray(slots.id, missing));
    for (const id of missing) parent.set(id, found.find((f) => f.id === id)?.rescheduledFromId ?? null);
  }
  return (id: number) => {
    let root = id;
    let moves = 0;
    for (let next = parent.get(root); next != null && moves < MAX_CHAIN; next = parent.get(root)) {
      root = next;
      moves++;
    }
    return { root, moves };
  };
}

/**
 * GET /api/v1/calendar/<token>.ics: the booked and completed sessions of the therapist whose
 * feed token this is. An unknown or reset token is 404, the same as a wrong path. A calendar app
 * polls it with no session, so its texts follow the therapist's saved language, else the app's
 * Accept-Language, else Russian.
 */
export async function getCalendarFeed(ctx: TAppContext, file: string, acceptLanguage?: string): Promise<string> {
  const token = file.replace(/\.ics$/, '');
  const [therapist] = await ctx.db
    .select({ id: therapists.userId, language: users.language })
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId))
    .where(eq(therapists.calendarFeedToken, token));
  if (!therapist) throw new AppError('not_found', 'Календарь не найден');
  const now = Date.now();
  const rows = await ctx.db
    .select({
      id: slots.id,
      rescheduledFromId: slots.rescheduledFromId,
      startsAt: slots.startsAt,
      durationMin: slots.durationMin,
      therapyType: slots.therapyType,
      clientId: slots.clientId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.clientId))
    .where(
      and(
        eq(slots.therapistId, therapist.id),
        inArray(slots.status, ['booked', 'completed']),
        gte(slots.startsAt, new Date(now - PAST_DAYS * DAY)),
        lt(slots.startsAt, new Date(now + FUTURE_DAYS * DAY)),
      ),
    )
    .orderBy(asc(slots.startsAt));
  const rootOf = await chainRoots(ctx, rows);
  const base = publicBaseUrl(ctx.config);
  const sessions: TFeedSession[] = rows.map((r) => {
    const { root, moves } = rootOf(r.id);
    const clientHashid = ctx.hashids.encode('user', r.clientId);
    return {
      uid: `${ctx.hashids.encode('slot', root)}@therapy-platform`,
      sequence: moves,
      startsAt: r.startsAt,
      durationMin: r.durationMin,
      clientName: `${r.firstName} ${r.lastName}`.trim(),
      couple: r.therapyType === 'couple',
      callUrl: `${base}/therapist/clients/${clientHashid}/call`,
    };
  });
  return renderCalendarFeed(sessions, pickLanguage(therapist.language, acceptLanguage));
}
