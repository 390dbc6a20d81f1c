import type { ReactNode } from 'react';
import { cx } from '../lib/cx.ts';
import styles from './Alert.module.css';

export type TAlertTone = 'error' | 'warning' | 'info' | 'success';

const ICONS: Record<TAlertTone, string> = { error: '!', warning: '!', info: 'i', success: '✓' };

/**
 * A message block. Errors are announced at once (role="alert"); other tones are polite (role="status") unless
 * `live` is false, for notices that are part of the page rather than a reaction to something.
 */
export function Alert({
  tone = 'info',
  live = true,
  className,
  children,
}: {
  tone?: TAlertTone;
  live?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const role = !live ? undefined : tone === 'error' ? 'alert' : 'status';
  return (
    <div role={role} className={cx(styles.alert, styles[tone], className)}>
      <span className={styles.icon} aria-hidden="true">
        {ICONS[tone]}
      </span>
      <div>{children}</div>
    </div>
  );
}
