import { instantOfWallTime, localParts } from '../../lib/time.ts';

export type TWeeklyRule = { weekday: number; startMinute: number; endMinute: number };
export type TDayException = {
  onDate: string;
  kind: 'day_off' | 'extra_hours';
  startMinute: number | null;
  endMinute: number | null;
};
export type TBusyInterval = { startsAt: Date; blockedUntil: Date };
type TWindow = { start: number; end: number };

export type TFreeSlotsInput = {
  /** The therapist's zone: rules and exceptions are wall-clock times there. */
  tz: string;
  rules: readonly TWeeklyRule[];
  exceptions: readonly TDayException[];
  sessionMinutes: number;
  bufferMinutes: number;
  /** Live sessions with their buffers (starts_at .. blocked_until). */
  busy: readonly TBusyInterval[];
  /** Starts in [from, to) are returned. */
  from: Date;
  to: Date;
  /** Nothing earlier than this: now plus the minimum notice. */
  notBefore: Date;
};

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Working windows of one local date, given as its midnight in UTC ms (calendar arithmetic
 * only; the zone comes in when a wall time becomes an instant): the weekly rules unless it
 * is a day off, plus extra hours; merged.
 */
export function windowsOfDay(
  day: number,
  tz: string,
  rules: readonly TWeeklyRule[],
  exceptions: readonly TDayException[],
): TWindow[] {
  const date = new Date(day).toISOString().slice(0, 10);
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  const todays = exceptions.filter((e) => e.onDate === date);
  const minutes: { start: number; end: number }[] = [];
  if (!todays.some((e) => e.kind === 'day_off')) {
    for (const rule of rules) {
      if (rule.weekday === weekday) minutes.push({ start: rule.startMinute, end: rule.endMinute });
    }
  }
  for (const e of todays) {
    if (e.kind === 'extra_hours' && e.startMinute !== null && e.endMinute !== null) {
      minutes.push({ start: e.startMinute, end: e.endMinute });
    }
  }
  const windows = minutes
    .map((w) => ({
      start: instantOfWallTime(day + w.start * MINUTE, tz),
      end: instantOfWallTime(day + w.end * MINUTE, tz),
    }))
    .filter((w) => w.start < w.end)
    .sort((a, b) => a.start - b.start);
  const merged: TWindow[] = [];
  for (const w of windows) {
    const last = merged.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else merged.push({ ...w });
  }
  return merged;
}

/**
 * The free session starts of a therapist in [from, to), earliest first. Each working window
 * (wall-clock times in the therapist's zone, so DST is the zone's business) is cut into starts every
 * session + buffer minutes from its beginning; a start counts when the session fits in the
 * window, it is not earlier than `notBefore`, and session + buffer touches no live session
 * with its own buffer (the same rule as the database's exclusion constraint).
 */
export function computeFreeSlots(input: TFreeSlotsInput): Date[] {
  const from = input.from.getTime();
  const to = input.to.getTime();
  if (to <= from || input.sessionMinutes <= 0) return [];
  const session = input.sessionMinutes * MINUTE;
  const step = (input.sessionMinutes + Math.max(0, input.bufferMinutes)) * MINUTE;
  const earliest = Math.max(from, input.notBefore.getTime());
  const busy = input.busy.map((b) => ({ start: b.startsAt.getTime(), end: b.blockedUntil.getTime() }));

  const starts: Date[] = [];
  const firstDay = Date.parse(localParts(input.from, input.tz).date);
  const lastDay = Date.parse(localParts(new Date(to - 1), input.tz).date);
  for (let day = firstDay; day <= lastDay; day += DAY) {
    for (const window of windowsOfDay(day, input.tz, input.rules, input.exceptions)) {
      for (let start = window.start; start + session <= window.end; start += step) {
        if (start < earliest || start >= to) continue;
        const end = start + step;
        if (busy.some((b) => start < b.end && b.start < end)) continue;
        starts.push(new Date(start));
      }
    }
  }
  return starts;
}
