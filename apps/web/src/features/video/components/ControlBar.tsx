import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx.ts';
import styles from './CallScreen.module.css';

/** A round control with its text under it (hidden on a phone, still its accessible name). */
export function ControlButton({
  label,
  icon,
  onClick,
  off = false,
  active = false,
  danger = false,
  badge,
  badgeLabel,
  disabled,
  controls,
  expanded,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** A device that is off: shown in red. */
  off?: boolean;
  /** A panel or mode that is on (chat open, screen shared). */
  active?: boolean;
  danger?: boolean;
  badge?: number;
  badgeLabel?: string;
  disabled?: boolean;
  controls?: string;
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      className={cx(styles.control, off && styles.off, active && styles.active, danger && styles.danger)}
      onClick={onClick}
      disabled={disabled}
      aria-controls={controls}
      aria-expanded={expanded}
      // The visible label stays the start of the name; the unread count follows it.
      aria-label={badge !== undefined && badge > 0 && badgeLabel ? `${label}, ${badgeLabel}` : undefined}
    >
      <span className={styles.controlIcon}>
        {icon}
        {badge !== undefined && badge > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {badge > 9 ? '9+' : badge}
          </span>
        )}
      </span>
      <span className={styles.controlLabel}>{label}</span>
    </button>
  );
}
