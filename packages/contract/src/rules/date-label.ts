import { DEFAULT_LOCALE, languageOf, memoized } from './locale.ts';

/** The zone times are shown in when a user's own zone is unknown or not one the runtime knows. */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** A wall-clock reading: month 1–12, hour 0–23. */
export type TWallClock = { year: number; month: number; day: number; hour: number; minute: number };

/** The word between date and time; a language without its own word uses the default (Russian) one. */
const DATE_TIME_JOINER: Readonly<Record<string, string>> = { ru: ' в ', en: ' at ' };
const joinerOf = memoized(
  (locale) => DATE_TIME_JOINER[languageOf(locale)] ?? DATE_TIME_JOINER[languageOf(DEFAULT_LOCALE)] ?? ' ',
);

const two = (n: number): string => String(n).padStart(2, '0');

/** 'dd.MM.yyyy' of a wall-clock reading. */
export function dateLabel(wall: Pick<TWallClock, 'year' | 'month' | 'day'>): string {
  return `${two(wall.day)}.${two(wall.month)}.${String(wall.year).padStart(4, '0')}`;
}

/** spec §9: day.month.year 'в' hour:minute of a wall-clock reading, e.g. '22.11.2026 в 14:30'. */
export function dateTimeLabel(wall: TWallClock, locale: string = DEFAULT_LOCALE): string {
  return `${dateLabel(wall)}${joinerOf(locale)}${two(wall.hour)}:${two(wall.minute)}`;
}

const wallFormat = memoized(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }),
);

/** What a clock in an IANA zone reads at an instant. An unknown zone or an invalid instant throws a RangeError. */
export function wallClockIn(at: Date | string | number, timeZone: string): TWallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of wallFormat(timeZone).formatToParts(new Date(at))) parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines say 24 for the first hour of a day even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

/** 'dd.MM.yyyy' of an instant in the viewer's IANA zone. */
export function formatDate(at: Date | string | number, timeZone: string): string {
  return dateLabel(wallClockIn(at, timeZone));
}

/** spec §9: 'dd.MM.yyyy в HH:mm' of an instant in the viewer's IANA zone, e.g. '22.11.2026 в 14:30'. */
export function formatDateTime(at: Date | string | number, timeZone: string, locale: string = DEFAULT_LOCALE): string {
  return dateTimeLabel(wallClockIn(at, timeZone), locale);
}
