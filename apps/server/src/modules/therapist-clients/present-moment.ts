import type { TStandingSlot, TTherapistMoment } from '@therapy/contract';
import { localParts } from '../../lib/time.ts';

/** An instant as the therapist reads it in their zone. */
export function momentIn(at: Date, tz: string): TTherapistMoment {
  const local = localParts(at, tz);
  return { at: at.toISOString(), date: local.date, time: local.time, weekday: local.weekday, label: local.label };
}

/** A standing time's label by weekday (Monday first), whole so that the English catalogue can match it. */
const STANDING_LABELS = [
  'по понедельникам в {}',
  'по вторникам в {}',
  'по средам в {}',
  'по четвергам в {}',
  'по пятницам в {}',
  'по субботам в {}',
  'по воскресеньям в {}',
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
    label: (STANDING_LABELS[standing.weekday] ?? '{}').replace('{}', standing.time),
    sessions_count: standing.count,
  };
}
