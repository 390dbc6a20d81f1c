import type { TStatCell } from '@therapy/contract';
import { Tooltip } from '../../../ui/Tooltip.tsx';
import { cellText } from '../lib/tables.ts';
import styles from './BusinessTables.module.css';

/** A table cell's value; with a description («менее 5», a black-listed employee) the value carries it as a tooltip. */
export function CellValue({ cell }: { cell: TStatCell | undefined }) {
  const text = cellText(cell);
  if (!cell?.description) return <>{text}</>;
  return (
    <Tooltip content={cell.description}>
      <button type="button" className={styles.hint}>
        {text || '—'}
      </button>
    </Tooltip>
  );
}
