import { useId } from 'react';
import styles from './Progress.module.css';

/** A labelled progress bar (native <progress>, so no inline styles): label on the left, value text on the right. */
export function Progress({ label, value, valueText }: { label: string; value: number; valueText: string }) {
  const labelId = useId();
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div className={styles.progress}>
      <div className={styles.row}>
        <span id={labelId}>{label}</span>
        <span className={styles.value}>{valueText}</span>
      </div>
      <progress className={styles.bar} max={100} value={clamped} aria-labelledby={labelId} aria-valuetext={valueText}>
        {valueText}
      </progress>
    </div>
  );
}
