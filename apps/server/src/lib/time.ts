import { DEFAULT_TIME_ZONE, dateTimeLabel } from '@therapy/contract/rules';
import { DateTime, IANAZone } from 'luxon';
import { memoizedZone, type TMemoizedZone } from './memoized-zone.ts';

/** Whether the runtime knows this IANA zone name. */
export function isValidTimeZone(tz: string): boolean {
  return IANAZone.isValidZone(tz);
}

const known = new Map<string, boolean>();

/** A stored zone, or Moscow when the stored value is not a zone this runtime knows (checked once per zone). */
export function zoneOrDefault(tz: string | null | undefined): string {
  if (!tz) return DEFAULT_TIME_ZONE;
  let valid = known.get(tz);
  if (valid === undefined) {
    valid = isValidTimeZone(tz);
    // Zone names come from users: a bounded memo, rebuilt if something floods it.
    if (known.size >= 1000) known.clear();
    known.set(tz, valid);
  }
  return valid ? tz : DEFAULT_TIME_ZONE;
}

/** A stored zone as a Luxon zone (Moscow when not a zone this runtime knows). */
export const zoneOf = (tz: string | null | undefined): TMemoizedZone => memoizedZone(zoneOrDefault(tz));

type TLocalParts = { date: string; time: string; weekday: number; label: string };

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the viewer reads it in their zone: 'yyyy-MM-dd', 'HH:mm', weekday (0 is
 * Monday) and the spec §9 label 'dd.MM.yyyy в HH:mm'.
 */
export function localParts(at: Date, tz: string): TLocalParts {
  const local = DateTime.fromMillis(at.getTime(), { zone: zoneOf(tz) });
  const time = `${two(local.hour)}:${two(local.minute)}`;
  return {
    date: `${local.year}-${two(local.month)}-${two(local.day)}`,
    time,
    // From the calendar date: Luxon's `weekday` computes the whole ISO week, three times the cost here.
    weekday: (new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay() + 6) % 7,
    label: dateTimeLabel(local),
  };
}

/** Spec §9: day.month.year 'в' hour:minute in the viewer's zone, e.g. '22.11.2026 в 14:30'. */
export function formatDateTime(at: Date, tz: string): string {
  return localParts(at, tz).label;
}

/**
 * The instant a wall-clock time of a zone names, the wall time given as if it were UTC
 * (Date.UTC of the local fields). A time skipped by a DST change moves forward, as clocks
 * do; a time that happens twice is the later one. Luxon's `keepLocalTime` starts from the
 * zone's offset at the wall time itself, so the answer does not depend on today's date
 * (`DateTime.fromObject` guesses from the current offset and may pick the earlier one).
 */
export function instantOfWallTime(wall: number, tz: string): number {
  return DateTime.fromMillis(wall, { zone: 'utc' }).setZone(zoneOf(tz), { keepLocalTime: true }).toMillis();
}
