import {
  BUSINESS_STATS_ROWS,
  EMPLOYEE_SORT_FIELDS,
  isSuppressedValue,
  type TBusinessStats,
  type TBusinessStatsRow,
  type TEmployeeSortField,
  type TStatCell,
} from '@therapy/contract';
import { DEFAULT_SORT_COLUMN, MONTH_HEADERS_START_INDEX, SORT_FIELD_EMAIL } from '../../../config/constants.ts';
import { formatNumber } from '../../../i18n/format.ts';

/** Spec §4: fetching; not found (a search and no rows); table empty (no search and no rows). */
export function employeeTableFlags(state: { isFetching: boolean; rowsCount: number; search: string }) {
  const hasSearch = state.search.trim() !== '';
  return {
    isFetching: state.isFetching,
    isNotFound: !state.isFetching && hasSearch && state.rowsCount === 0,
    isTableEmpty: !state.isFetching && !hasSearch && state.rowsCount === 0,
  };
}

/** Spec §9: the sorted column is column 1 unless the field is users_email (column 0); other fields name their column. */
export function sortColumnIndex(field: TEmployeeSortField | undefined | null): number {
  if (field === SORT_FIELD_EMAIL) return 0;
  const index = field ? EMPLOYEE_SORT_FIELDS.indexOf(field) : -1;
  return index > 0 ? index : DEFAULT_SORT_COLUMN;
}

/** Spec §9: month headers start from the fifth header. */
export function monthHeaders(headers: readonly string[]): string[] {
  return headers.slice(MONTH_HEADERS_START_INDEX);
}

/** A cell as text: numbers grouped ru-RU, a blank as nothing. */
export function cellText(cell: TStatCell | undefined): string {
  if (!cell || cell.value === null) return '';
  return typeof cell.value === 'number' ? formatNumber(cell.value) : cell.value;
}

export type TChartPoint = { month: string; done: number | null; cancelled: number | null; spend: number | null };

const numberOr = (cell: TStatCell | undefined) => (typeof cell?.value === 'number' ? cell.value : null);

/**
 * The charts' points by month: sessions done and cancelled, and spend. A hidden figure («менее 5») and a month
 * not begun are gaps, never zeros.
 */
export function chartPoints(stats: TBusinessStats): { points: TChartPoint[]; hasHidden: boolean } {
  // By the row's place, not its title: the title comes in the language of the answer.
  const row = (figure: TBusinessStatsRow) => stats.rows[BUSINESS_STATS_ROWS.indexOf(figure)] ?? [];
  const done = row('done');
  const cancelled = row('cancelled');
  const spend = row('spent');
  const points = stats.months.map((month, index) => {
    const at = MONTH_HEADERS_START_INDEX + index;
    return {
      month: month.title.slice(0, 3),
      done: numberOr(done[at]),
      cancelled: numberOr(cancelled[at]),
      spend: numberOr(spend[at]),
    };
  });
  const hasHidden = [done, cancelled, spend].some((r) => r.some((c) => isSuppressedValue(c.value)));
  return { points, hasHidden };
}
