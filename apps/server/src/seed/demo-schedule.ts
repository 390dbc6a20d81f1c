import { asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TDb } from '../db/client.ts';
import { availabilityExceptions, availabilityRules, therapists, users } from '../db/schema/index.ts';
import { zoneOrDefault } from '../lib/time.ts';
import { createRandom } from './random.ts';

const SEED = 20261123;
const h = (hour: number, minute = 0) => hour * 60 + minute;

type TWindow = [weekday: number, start: number, end: number];
const weekdays = (start: number, end: number, days = [0, 1, 2, 3, 4]): TWindow[] => days.map((d) => [d, start, end]);

/** Working weeks a real practice might have, in the therapist's own zone (weekday 0 is Monday). */
const PATTERNS: { windows: TWindow[]; session: number; buffer: number }[] = [
  // the main demo therapist: weekdays 09:00–21:00, so the demo client's 19:00 sessions and a full practice fit
  { windows: weekdays(h(9), h(21)), session: 50, buffer: 10 },
  { windows: [...weekdays(h(12), h(21), [0, 1, 2, 3]), [5, h(10), h(14)]], session: 50, buffer: 10 },
  {
    windows: [...weekdays(h(9), h(13), [1, 2, 3, 4, 5]), ...weekdays(h(15), h(19), [1, 2, 3, 4, 5])],
    session: 50,
    buffer: 10,
  },
  { windows: [...weekdays(h(14), h(22), [0, 2, 4]), [6, h(11), h(15)]], session: 60, buffer: 15 },
  { windows: [...weekdays(h(8), h(12)), ...weekdays(h(18), h(21))], session: 50, buffer: 10 },
  { windows: weekdays(h(10), h(19)), session: 45, buffer: 15 },
];

/**
 * Gives every demo therapist weekly hours in their own zone, session length and buffer, a
 * day off in the coming weeks and, for some, extra hours on a weekend. Deterministic for a
 * given `now`.
 */
export async function seedDemoSchedule(db: TDb, now = new Date()): Promise<void> {
  const r = createRandom(SEED);
  const list = await db
    .select({ id: users.id, tz: users.tz })
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId))
    .orderBy(asc(users.id));
  for (const [index, therapist] of list.entries()) {
    const pattern = PATTERNS[index === 0 ? 0 : 1 + ((index - 1) % (PATTERNS.length - 1))] ?? PATTERNS[0];
    if (!pattern) continue;
    await db
      .update(therapists)
      .set({ sessionMinutes: pattern.session, bufferMinutes: pattern.buffer })
      .where(eq(therapists.userId, therapist.id));
    await db.insert(availabilityRules).values(
      pattern.windows.map(([weekday, startMinute, endMinute]) => ({
        therapistId: therapist.id,
        weekday,
        startMinute,
        endMinute,
      })),
    );

    const today = DateTime.fromJSDate(now, { zone: zoneOrDefault(therapist.tz) }).startOf('day');
    const dayOff = today.plus({ days: r.int(3, 20) }).toISODate() ?? '';
    await db.insert(availabilityExceptions).values({ therapistId: therapist.id, onDate: dayOff, kind: 'day_off' });
    if (r.chance(0.4)) {
      // the next Saturday, 11:00–14:00
      const saturday = today.plus({ days: (6 - today.weekday + 7) % 7 || 7 }).toISODate() ?? '';
      await db.insert(availabilityExceptions).values({
        therapistId: therapist.id,
        onDate: saturday,
        kind: 'extra_hours',
        startMinute: h(11),
        endMinute: h(14),
      });
    }
  }
}
