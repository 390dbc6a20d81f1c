import type { TSchedule, TTherapistUpcomingSession } from '@therapy/contract';

export type TInterval = { start: number; end: number };
export type TDayPlan = {
  date: string;
  weekday: number;
  /** Working windows of the day, in minutes from the therapist's local midnight. */
  windows: TInterval[];
  sessions: TTherapistUpcomingSession[];
  /** Working time not taken by a session and its buffer. */
  free: TInterval[];
};

/** 0 is Monday, read from the calendar date itself (no zone involved). */
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

function merge(list: TInterval[]): TInterval[] {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  const merged: TInterval[] = [];
  for (const w of sorted) {
    const last = merged.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else merged.push({ ...w });
  }
  return merged;
}

/** The windows of one local date: weekly hours unless a day off, plus extra hours (the server's rule). */
export function windowsOf(date: string, schedule: Pick<TSchedule, 'rules' | 'exceptions'>): TInterval[] {
  const todays = schedule.exceptions.filter((e) => e.date === date);
  const weekday = weekdayOf(date);
  const weekly = todays.some((e) => e.kind === 'day_off')
    ? []
    : schedule.rules.filter((r) => r.weekday === weekday).map((r) => ({ start: r.start_minute, end: r.end_minute }));
  const extra = todays.flatMap((e) =>
    e.kind === 'extra_hours' && e.start_minute !== null && e.end_minute !== null
      ? [{ start: e.start_minute, end: e.end_minute }]
      : [],
  );
  return merge([...weekly, ...extra]);
}

export const minuteOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Seven days from `today` (dates in the therapist's zone): the working windows, the booked
 * sessions of each day (by their date in the therapist's zone, never the client's) and the
 * free time left between them.
 */
export function weekPlan(
  today: string,
  schedule: TSchedule,
  sessions: readonly TTherapistUpcomingSession[],
  addDays: (date: string, days: number) => string,
): TDayPlan[] {
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(today, i);
    const windows = windowsOf(date, schedule);
    const todays = sessions
      .filter((s) => s.starts_at.date === date)
      .sort((a, b) => a.starts_at.at.localeCompare(b.starts_at.at));
    const busy = todays.map((s) => {
      const start = minuteOf(s.starts_at.time);
      return { start, end: start + s.duration_min + schedule.buffer_minutes };
    });
    const free = windows.flatMap((w) => {
      const parts: TInterval[] = [];
      let cursor = w.start;
      for (const b of busy) {
        if (b.end <= cursor || b.start >= w.end) continue;
        if (b.start > cursor) parts.push({ start: cursor, end: b.start });
        cursor = Math.max(cursor, b.end);
      }
      if (cursor < w.end) parts.push({ start: cursor, end: w.end });
      // A gap shorter than one session is no free time.
      return parts.filter((p) => p.end - p.start >= schedule.session_minutes);
    });
    return { date, weekday: weekdayOf(date), windows, sessions: todays, free };
  });
}
