import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx.ts';
import styles from './CallNotice.module.css';

/** A plain card page around the call: waiting for the window, no session, the end of the call. */
export function CallNotice({
  title,
  children,
  actions,
  wide = false,
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={styles.page}>
      <section className={cx(styles.card, wide && styles.wide)} aria-labelledby="call-notice-title">
        <h1 id="call-notice-title">{title}</h1>
        {children}
        {actions && <div className={styles.actions}>{actions}</div>}
      </section>
    </div>
  );
}
