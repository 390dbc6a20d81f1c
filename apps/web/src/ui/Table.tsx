/** A data table: a caption, column headers, rows, and an empty state. Scrolls sideways on a narrow screen. */
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import styles from './Table.module.css';

export type TTableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** 'end' right-aligns numbers and amounts. */
  align?: 'start' | 'end';
  /** The cell names its row for screen readers (usually the first column). */
  isRowHeader?: boolean;
  /** Marks a whole column (the current month). */
  className?: string;
};

export type TTableProps<Row> = {
  caption: ReactNode;
  /** Keep the caption for screen readers only. */
  captionHidden?: boolean;
  columns: ReadonlyArray<TTableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of rows when there are none (default «Нет данных»). */
  empty?: ReactNode;
};

export function Table<Row>({ caption, captionHidden = false, columns, rows, rowKey, empty }: TTableProps<Row>) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it.
    <section className={styles.region} aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={cx(styles.caption, captionHidden && 'visually-hidden')}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cx(column.align === 'end' && styles.end, column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {empty ?? t('ui.tableEmpty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => {
                  const className = cx(column.align === 'end' && styles.end, column.className);
                  return column.isRowHeader ? (
                    <th key={column.key} scope="row" className={className}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={className}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
