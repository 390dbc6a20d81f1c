/**
 * Formats at the edge (spec §9): money, dates, plurals, month and weekday names. Pure. Money and the date labels are
 * the contract's rules; other readings of a moment in a zone and moves of calendar dates are date-fns with
 * @date-fns/tz, in format-zoned.ts (a screen that only shows the contract's labels does not download date-fns);
 * `Intl` only formats (numbers, names).
 */
import { formatDateTime as formatDateTimeIn } from '@therapy/contract/rules';
import { formatLocale } from './format-locale.ts';

// spec §9's money and date labels ('12 500 ₽', '22.11.2026 в 14:30', also the 'last update' line) are the contract's
// rules, one source for server, mail and web; re-exported so a screen finds every format here.
export { formatDate, formatMoney, formatNumber } from '@therapy/contract/rules';

export { setFormatLocale } from './format-locale.ts';

/** spec §9's '22.11.2026 в 14:30' in the viewer's zone; in English '22.11.2026 at 14:30'. */
export const formatDateTime = (at: Date | string | number, timeZone: string, locale: string = formatLocale()): string =>
  formatDateTimeIn(at, timeZone, locale);

/** The plural category of a number: 'one' | 'few' | 'many' | 'other' for Russian. */
export function pluralCategory(count: number, locale = 'ru'): Intl.LDMLPluralRule {
  return new Intl.PluralRules(locale).select(count);
}

/** Picks the form for a count: `pluralize(21, { one: 'сессия', few: 'сессии', many: 'сессий', other: 'сессии' })`. */
export function pluralize(
  count: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
  locale = 'ru',
): string {
  return forms[pluralCategory(count, locale)] ?? forms.other;
}

function capitalize(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** The twelve month names in the nominative ('Январь' … 'Декабрь' for ru), index 0 = January. */
export function monthNames(locale = 'ru', width: 'long' | 'short' = 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => capitalize(format.format(Date.UTC(2026, month, 1)), locale));
}

/** The seven weekday names, index 0 = Monday ('Понедельник' … 'Воскресенье' for ru). */
export function weekdayNames(locale = 'ru', width: 'long' | 'short' = 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2026-11-02 is a Monday.
  return Array.from({ length: 7 }, (_, day) => capitalize(format.format(Date.UTC(2026, 10, 2 + day)), locale));
}

/** Percent of filled fields, rounded: [3, 5] → 60. A group with no fields counts as complete. */
export function percentFilled([filled, total]: readonly [number, number]): number {
  if (total <= 0) return 100;
  return Math.round((Math.min(Math.max(filled, 0), total) / total) * 100);
}

/** A calendar date as '24 ноября' (ru) / '24 November' (en). */
export function formatDayMonth(date: string, locale = 'ru'): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A calendar date as 'dd.MM' for compact week headers. */
export function formatDayShort(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}.${month}`;
}

export type TDurationParts = { days: number; hours: number; minutes: number; seconds: number };

/** Splits a non-negative duration in milliseconds into whole days, hours, minutes and seconds. */
export function splitDuration(ms: number): TDurationParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** 'mm:ss' for a short countdown (a held time): 14:59, 0:05. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Initials for an avatar without a photo: 'Анна Петрова' → 'АП'. */
export function initialsOf(person: { first_name: string; last_name: string }): string {
  return `${person.first_name.trim().charAt(0)}${person.last_name.trim().charAt(0)}`.toLocaleUpperCase('ru');
}
