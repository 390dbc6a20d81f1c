import type { TStandingSlot, TTherapistMoment } from '@therapy/contract';
import { localParts } from '../../lib/time.ts';

/** An instant as the therapist reads it in their zone. */
export function momentIn(at: Date, tz: string): TTherapistMoment {
  const local = localParts(at, tz);
  return { at: at.toISOString(), date: local.date, time: local.time, weekday: local.weekday, label: local.label };
}

const WEEKDAY_PLURAL = [
  'по понедельникам',
  'по вторникам',
  'по средам',
  'по четвергам',
  'по пятницам',
  'по субботам',
  'по воскресеньям',
];

/**
 * The standing time of a client: the weekday and time (therapist's zone) that two or more
 * of their future booked sessions share; of several, the one the soonest session is on.
 */
export function standingSlotOf(futureStarts: readonly Date[], tz: string): TStandingSlot | null {
  const counts = new Map<string, { weekday: number; time: string; count: number; first: number }>();
  for (const [index, at] of futureStarts.entries()) {
    const local = localParts(at, tz);
    const key = `${local.weekday} ${local.time}`;
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { weekday: local.weekday, time: local.time, count: 1, first: index });
  }
  const recurring = [...counts.values()].filter((c) => c.count >= 2).sort((a, b) => a.first - b.first);
  const standing = recurring[0];
  if (!standing) return null;
  return {
    weekday: standing.weekday,
    time: standing.time,
    label: `${WEEKDAY_PLURAL[standing.weekday]} в ${standing.time}`,
    sessions_count: standing.count,
  };
}
