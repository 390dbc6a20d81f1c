export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const FALLBACK_ZONE = 'Europe/Moscow';
const knownZones = new Map<string, boolean>();

/** A stored zone, or Moscow when the stored value is not a zone this runtime knows (checked once per zone). */
export function zoneOrDefault(tz: string | null | undefined): string {
  if (!tz) return FALLBACK_ZONE;
  let valid = knownZones.get(tz);
  if (valid === undefined) {
    valid = isValidTimeZone(tz);
    if (knownZones.size < 1000) knownZones.set(tz, valid);
  }
  return valid ? tz : FALLBACK_ZONE;
}

type TLocalParts = { date: string; time: string; weekday: number; label: string };
const formats = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60_000;

function formatIn(tz: string): Intl.DateTimeFormat {
  let format = formats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(tz, format);
  }
  return format;
}

/**
 * The zone's offset from UTC at an instant, in ms. Zones change offset only on quarter
 * hours, so one Intl call per zone and quarter hour serves every instant in it (a month of
 * slots costs a few calls instead of one each).
 */
function offsetAt(at: number, tz: string): number {
  const bucket = Math.floor(at / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${tz}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p: Record<string, number> = {};
    for (const part of formatIn(tz).formatToParts(bucket)) p[part.type] = Number(part.value);
    offset = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute) - bucket;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the viewer reads it in their zone: 'yyyy-MM-dd', 'HH:mm', weekday (0 is
 * Monday) and the spec §9 label 'dd.MM.yyyy в HH:mm'.
 */
export function localParts(at: Date, tz: string): TLocalParts {
  const local = new Date(at.getTime() + offsetAt(at.getTime(), zoneOrDefault(tz)));
  const [y, m, d] = [local.getUTCFullYear(), two(local.getUTCMonth() + 1), two(local.getUTCDate())];
  const time = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
  return {
    date: `${y}-${m}-${d}`,
    time,
    weekday: (local.getUTCDay() + 6) % 7,
    label: `${d}.${m}.${y} в ${time}`,
  };
}

/** Spec §9: day.month.year 'в' hour:minute in the viewer's zone, e.g. '22.11.2026 в 14:30'. */
export function formatDateTime(at: Date, tz: string): string {
  return localParts(at, tz).label;
}

/**
 * The instant a wall-clock time of a zone names, the wall time given as if it were UTC
 * (Date.UTC of the local fields). A time skipped by a DST change moves forward, as clocks
 * do; a time that happens twice is the later one. (luxon's algorithm, on cached offsets.)
 */
export function instantOfWallTime(wall: number, tz: string): number {
  const zone = zoneOrDefault(tz);
  const o1 = offsetAt(wall, zone);
  let guess = wall - o1;
  const o2 = offsetAt(guess, zone);
  if (o1 === o2) return guess;
  guess -= o2 - o1;
  const o3 = offsetAt(guess, zone);
  if (o2 === o3) return guess;
  return wall - Math.min(o2, o3);
}
