/** Formats at the edge (spec §9): money, dates, plurals, month and weekday names. Pure, `Intl` only. */
import type { TCurrency } from '@therapy/contract';
import {
  LAST_UPDATE_SEPARATOR,
  MINOR_UNITS_PER_MAJOR,
  NUMBER_LOCALE,
  PAYMENT_METHOD_EUR,
  PAYMENT_METHOD_FOREIGN,
} from '../config/constants.ts';

/** 'eur' (any case) is euros; everything else, including nothing, is roubles. */
export function normalizeCurrency(value: string | null | undefined): TCurrency {
  return value?.trim().toLowerCase() === 'eur' ? 'eur' : 'rub';
}

/** The currency a payment method charges in: `stripe` is euros, every other method roubles. */
export function currencyOfPaymentMethod(paymentMethodKey: string | null | undefined): TCurrency {
  return paymentMethodKey === PAYMENT_METHOD_EUR ? 'eur' : 'rub';
}

/** `cloud_payments` marks a foreign payment method. */
export function isForeignPaymentMethod(paymentMethodKey: string | null | undefined): boolean {
  return paymentMethodKey === PAYMENT_METHOD_FOREIGN;
}

const moneyFormats = new Map<TCurrency, Intl.NumberFormat>();

function moneyFormat(currency: TCurrency): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
      useGrouping: 'always',
    });
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * An amount in minor units (kopecks, cents) as ru-RU text with no decimals: `1250000, 'rub'` → '12 500 ₽',
 * `9500, 'eur'` → '95 €'. Groups and the symbol are separated by no-break spaces, so an amount never wraps.
 */
export function formatMoney(minor: number, currency: string | null | undefined = 'rub'): string {
  return moneyFormat(normalizeCurrency(currency)).format(minor / MINOR_UNITS_PER_MAJOR);
}

/** A plain integer, grouped like money: 12500 → '12 500'. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0, useGrouping: 'always' }).format(value);
}

type TDateParts = { day: string; month: string; year: string; hour: string; minute: string };

function dateParts(date: Date, timeZone: string): TDateParts {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((part) => part.type === type)?.value ?? '';
  return { day: get('day'), month: get('month'), year: get('year'), hour: get('hour'), minute: get('minute') };
}

/** 'dd.MM.yyyy' in the given IANA time zone. */
export function formatDate(value: Date | string, timeZone: string): string {
  const { day, month, year } = dateParts(new Date(value), timeZone);
  return `${day}.${month}.${year}`;
}

/** The 'last page update' line: 'dd.MM.yyyy в HH:mm' in the given IANA time zone, e.g. '22.11.2026 в 14:30'. */
export function formatLastUpdate(value: Date | string, timeZone: string): string {
  const { day, month, year, hour, minute } = dateParts(new Date(value), timeZone);
  return `${day}.${month}.${year}${LAST_UPDATE_SEPARATOR}${hour}:${minute}`;
}

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

/** Weekday index with Monday = 0 … Sunday = 6, for a moment in a given time zone. */
export function weekdayIndex(value: Date | string, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(new Date(value));
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name);
}

/** Whole years between a start date and now (never negative); null when the start is missing or invalid. */
export function yearsSince(start: string | null | undefined, now: Date = new Date()): number | null {
  if (!start) return null;
  const from = new Date(start);
  if (Number.isNaN(from.getTime())) return null;
  let years = now.getUTCFullYear() - from.getUTCFullYear();
  const beforeAnniversary =
    now.getUTCMonth() < from.getUTCMonth() ||
    (now.getUTCMonth() === from.getUTCMonth() && now.getUTCDate() < from.getUTCDate());
  if (beforeAnniversary) years -= 1;
  return Math.max(0, years);
}

/** The year of a date string, in UTC; null when missing or invalid. */
export function yearOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.getUTCFullYear();
}

/** Percent of filled fields, rounded: [3, 5] → 60. A group with no fields counts as complete. */
export function percentFilled([filled, total]: readonly [number, number]): number {
  if (total <= 0) return 100;
  return Math.round((Math.min(Math.max(filled, 0), total) / total) * 100);
}

/** 'dd.MM.yyyy в HH:mm' in the given IANA time zone: how every session time is shown (GLOSSARY: dates). */
export function formatDateTime(value: Date | string, timeZone: string): string {
  return formatLastUpdate(value, timeZone);
}

/** 'HH:mm' in the given IANA time zone. */
export function formatTime(value: Date | string, timeZone: string): string {
  const { hour, minute } = dateParts(new Date(value), timeZone);
  return `${hour}:${minute}`;
}

/** The calendar date ('YYYY-MM-DD') of a moment as seen in the given IANA time zone. */
export function localDateOf(value: Date | string, timeZone: string): string {
  const { day, month, year } = dateParts(new Date(value), timeZone);
  return `${year}-${month}-${day}`;
}

/** A calendar date ('YYYY-MM-DD') moved by whole days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
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
