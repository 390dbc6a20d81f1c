import type { TMetricMonth } from '@therapy/contract';
import type { TChartPoint } from '../../../ui/charts/series.ts';

export type TSessionsKey = 'single' | 'couple';
export type TRetentionKey = 'ratio';

/** 'yyyy-MM' as a calendar date at noon UTC, so no zone moves it to the month before. */
const monthDate = (month: string) => new Date(`${month}-15T12:00:00Z`);

/** The month's short name for an axis ('нояб'): the locale's abbreviation without its dot. */
export function monthTick(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(monthDate(month)).replace('.', '');
}

/** The month and year for a tooltip ('ноябрь 2026'). */
export function monthTitle(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    .formatToParts(monthDate(month))
    .filter((part) => part.type !== 'literal' || part.value.trim() === '')
    .map((part) => (part.type === 'month' ? part.value : part.type === 'year' ? part.value : ' '))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Completed single and couple sessions per month. */
export function sessionPoints(months: TMetricMonth[], locale: string): TChartPoint<TSessionsKey>[] {
  return months.map((m) => ({
    label: monthTick(m.month, locale),
    title: monthTitle(m.month, locale),
    single: m.sessions_single,
    couple: m.sessions_couple,
  }));
}

/** The retention share at each month's end; a gap before the first client. */
export function retentionPoints(months: TMetricMonth[], locale: string): TChartPoint<TRetentionKey>[] {
  return months.map((m) => ({
    label: monthTick(m.month, locale),
    title: monthTitle(m.month, locale),
    ratio: m.s7s1ratio,
  }));
}

/** An average with at most one decimal ('4,5'), or a dash when there was nothing to count. */
export function formatAverage(value: number | null, locale: string): string {
  return value === null ? '—' : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

/** A share as whole percent ('33 %' in ru), or a dash. */
export function formatShare(value: number | null, locale: string): string {
  return value === null
    ? '—'
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}
