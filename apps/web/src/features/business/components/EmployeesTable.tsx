import { EMPLOYEE_SORT_FIELDS, type TEmployeeRow, type TEmployeeStats, type TStatCell } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { MONTH_HEADERS_START_INDEX } from '../../../config/constants.ts';
import { Button } from '../../../ui/Button.tsx';
import { Table, type TTableColumn } from '../../../ui/Table.tsx';
import { sortColumnIndex } from '../lib/tables.ts';
import styles from './BusinessTables.module.css';
import { CellValue } from './CellValue.tsx';
import type { TStatsView } from './StatsTable.tsx';

type TRow = TEmployeeRow & { shown: TStatCell[] };

/**
 * The employees table: each header sorts by its column (a second press turns the order), the current month is
 * marked, and each row has the promo-code action. A black-listed employee's e-mail carries the spec's tooltip.
 */
export function EmployeesTable({
  data,
  view,
  empty,
  onSort,
  onBlacklist,
}: {
  data: TEmployeeStats;
  view: TStatsView;
  empty: string;
  onSort: (field: (typeof EMPLOYEE_SORT_FIELDS)[number], direction: 'asc' | 'desc') => void;
  onBlacklist: (row: TEmployeeRow) => void;
}) {
  const { t } = useTranslation();
  const sorted = sortColumnIndex(data.sort_field);
  const current = data.current_month_number;
  const rows: TRow[] = data.rows.map((row, index) => ({
    ...row,
    shown:
      view === 'months'
        ? row.cells
        : [
            ...row.cells.slice(0, MONTH_HEADERS_START_INDEX),
            ...data.quarters.map((q) => q.cells[index] ?? { value: null, description: null }),
          ],
  }));
  const headers =
    view === 'months'
      ? data.headers
      : [...data.headers.slice(0, MONTH_HEADERS_START_INDEX), ...data.quarters.map((q) => q.title)];
  const isCurrent = (index: number) => {
    if (index < MONTH_HEADERS_START_INDEX || !current) return false;
    const period = index - MONTH_HEADERS_START_INDEX + 1;
    return view === 'months' ? period === current : period === Math.ceil(current / 3);
  };
  const sortable = (index: number) => view === 'months' || index < MONTH_HEADERS_START_INDEX;
  const headerOf = (title: string, index: number) => {
    if (!sortable(index)) return title;
    const field = EMPLOYEE_SORT_FIELDS[index];
    if (!field) return title;
    const active = index === sorted;
    const next =
      active && data.sort_direction === 'desc' ? 'asc' : active ? 'desc' : index === 0 || index === 3 ? 'asc' : 'desc';
    return (
      <button type="button" className={styles.sortButton} onClick={() => onSort(field, next)}>
        {title}
        <span aria-hidden="true">{active ? (data.sort_direction === 'asc' ? '▲' : '▼') : '↕'}</span>
        {active && (
          <span className="visually-hidden">
            {t(data.sort_direction === 'asc' ? 'business.sortedAsc' : 'business.sortedDesc')}
          </span>
        )}
      </button>
    );
  };
  const columns: TTableColumn<TRow>[] = [
    ...headers.map((title, index) => ({
      key: `c-${index}`,
      header: headerOf(title, index),
      isRowHeader: index === 0,
      align: index === 0 || index === 3 ? ('start' as const) : ('end' as const),
      ...(isCurrent(index) ? { className: styles.current } : {}),
      cell: (row: TRow) =>
        index === 0 ? (
          <>
            <CellValue cell={row.shown[0]} />
            {row.promocodes_blocked && (
              <span className={styles.blocked} aria-hidden="true">
                ⊘
              </span>
            )}
          </>
        ) : (
          <CellValue cell={row.shown[index]} />
        ),
    })),
    {
      key: 'promocodes',
      header: t('business.promocodesColumn'),
      cell: (row: TRow) => (
        <Button size="small" variant="ghost" onClick={() => onBlacklist(row)}>
          {t(row.promocodes_blocked ? 'business.unblock' : 'business.block')}
        </Button>
      ),
    },
  ];
  return (
    <Table
      caption={t('business.employeesCaption', { year: data.year })}
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      empty={empty}
    />
  );
}
