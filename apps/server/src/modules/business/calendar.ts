import type { TStatMonth } from '@therapy/contract';

/** Months are counted in Moscow time, as the business's invoices are. */
export const USAGE_ZONE = 'Europe/Moscow';

const MONTH_TITLES = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
];
const QUARTER_TITLES = ['I квартал', 'II квартал', 'III квартал', 'IV квартал'];

export const MONTHS: TStatMonth[] = MONTH_TITLES.map((title, index) => ({ number: index + 1, title }));
export const QUARTERS = QUARTER_TITLES.map((title, index) => ({
  number: index + 1,
  title,
  months: [index * 3 + 1, index * 3 + 2, index * 3 + 3],
}));

// Built once: a formatter costs far more than a format, and reports ask for one per row.
const YEAR_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: USAGE_ZONE, year: 'numeric', month: 'numeric' });

/** The year and month (1–12) of an instant in Moscow time. */
export function yearMonthOf(at: Date): { year: number; month: number } {
  const parts = YEAR_MONTH.formatToParts(at).reduce<Record<string, string>>(
    (all, p) => Object.assign(all, { [p.type]: p.value }),
    {},
  );
  return { year: Number(parts.year), month: Number(parts.month) };
}

/** The month now when `year` is the current year, else null (spec §3 current_month_number). */
export function currentMonthNumber(year: number, now: Date): number | null {
  const current = yearMonthOf(now);
  return current.year === year ? current.month : null;
}

/** How many months of `year` have begun by `now`: 12 for past years, 0 for future ones. */
export function monthsBegun(year: number, now: Date): number {
  const current = yearMonthOf(now);
  if (year < current.year) return 12;
  if (year > current.year) return 0;
  return current.month;
}
