/** Formats of format.ts that read a moment in an IANA time zone or move calendar dates: date-fns with @date-fns/tz. */
import { TZDate, tz } from '@date-fns/tz';
// Subpath imports: the date-fns root module loads every one of its functions, seconds of start-up in tests.
import { addDays as addCalendarDays } from 'date-fns/addDays';
import { differenceInYears } from 'date-fns/differenceInYears';
import { getISODay } from 'date-fns/getISODay';
import { getYear } from 'date-fns/getYear';
import { isValid } from 'date-fns/isValid';
// lightFormat: the patterns here are digits only, so no locale data (date-fns' `format` brings English's).
import { lightFormat } from 'date-fns/lightFormat';

/** A moment (a Date or an ISO string) written with a date-fns pattern of digits as it reads in an IANA time zone. */
const formatIn = (value: Date | string, timeZone: string, pattern: string): string =>
  lightFormat(new TZDate(new Date(value).getTime(), timeZone), pattern);

/** Calendar dates ('YYYY-MM-DD') are days, not moments: they are read and moved in UTC, so no zone shifts them. */
const calendar = { in: tz('UTC') };

/** Weekday index with Monday = 0 … Sunday = 6, for a moment in a given time zone. */
export function weekdayIndex(value: Date | string, timeZone: string): number {
  return getISODay(new Date(value), { in: tz(timeZone) }) - 1;
}

/** Whole years between a start date and now, in UTC (never negative); null when the start is missing or invalid. */
export function yearsSince(start: string | null | undefined, now: Date = new Date()): number | null {
  if (!start) return null;
  const from = new Date(start);
  if (!isValid(from)) return null;
  return Math.max(0, differenceInYears(now, from, calendar));
}

/** The year of a date string, in UTC; null when missing or invalid. */
export function yearOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const date = new Date(value);
  return isValid(date) ? getYear(date, calendar) : null;
}

/** 'HH:mm' in the given IANA time zone. */
export function formatTime(value: Date | string, timeZone: string): string {
  return formatIn(value, timeZone, 'HH:mm');
}

/** The calendar date ('YYYY-MM-DD') of a moment as seen in the given IANA time zone. */
export function localDateOf(value: Date | string, timeZone: string): string {
  return formatIn(value, timeZone, 'yyyy-MM-dd');
}

/** A calendar date ('YYYY-MM-DD') moved by whole days. */
export function addDays(date: string, days: number): string {
  return lightFormat(addCalendarDays(`${date}T00:00:00Z`, days, calendar), 'yyyy-MM-dd');
}
