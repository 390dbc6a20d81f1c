import type { TBusinessStats, TStatCell } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { MONTH_HEADERS_START_INDEX } from '../../../config/constants.ts';
import { Table, type TTableColumn } from '../../../ui/Table.tsx';
import styles from './BusinessTables.module.css';
import { CellValue } from './CellValue.tsx';

export type TStatsView = 'months' | 'quarters';
type TRow = { key: string; cells: TStatCell[] };

/** The statistics table by month (month headers from the fifth header) or by quarter; the current month is marked. */
export function StatsTable({ stats, view }: { stats: TBusinessStats; view: TStatsView }) {
  const { t } = useTranslation();
  const fixed = stats.headers.slice(0, MONTH_HEADERS_START_INDEX);
  const current = stats.current_month_number;
  const currentQuarter = current ? Math.ceil(current / 3) : null;
  const rows: TRow[] = stats.rows.map((cells, index) => ({
    key: String(cells[0]?.value ?? index),
    cells:
      view === 'months'
        ? cells
        : [
            ...cells.slice(0, MONTH_HEADERS_START_INDEX),
            ...stats.quarters.map((q) => q.cells[index] ?? { value: null, description: null }),
          ],
  }));
  const periodHeaders =
    view === 'months'
      ? stats.months.map((m) => ({ title: m.title, isCurrent: m.number === current }))
      : stats.quarters.map((q) => ({ title: q.title, isCurrent: q.number === currentQuarter }));
  const columns: TTableColumn<TRow>[] = [
    ...fixed.map((header, index) => ({
      key: `fixed-${index}`,
      header,
      isRowHeader: index === 0,
      align: index === 0 ? ('start' as const) : ('end' as const),
      cell: (row: TRow) => <CellValue cell={row.cells[index]} />,
    })),
    ...periodHeaders.map((period, index) => ({
      key: `period-${index}`,
      header: period.isCurrent ? (
        <span title={t('business.currentPeriod')}>
          {period.title}
          <span className="visually-hidden"> ({t('business.currentPeriod')})</span>
        </span>
      ) : (
        period.title
      ),
      align: 'end' as const,
      ...(period.isCurrent ? { className: styles.current } : {}),
      cell: (row: TRow) => <CellValue cell={row.cells[MONTH_HEADERS_START_INDEX + index]} />,
    })),
  ];
  return (
    <Table
      caption={
        view === 'months'
          ? t('business.statsByMonth', { year: stats.year })
          : t('business.statsByQuarter', { year: stats.year })
      }
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
    />
  );
}
