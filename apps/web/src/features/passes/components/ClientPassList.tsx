import type { TClientPass } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format.ts';
import { useClientTimeZone } from '../../../lib/client-time-zone.ts';
import { cx } from '../../../lib/cx.ts';
import { Progress } from '../../../ui/Progress.tsx';
import { EmptyState } from '../../../ui/States.tsx';
import styles from './Passes.module.css';

/** The client's passes, newest first: what they are, their status, sessions left and until when they last. */
export function ClientPassList({ passes }: { passes: readonly TClientPass[] }) {
  const { t } = useTranslation();
  const timeZone = useClientTimeZone();
  if (passes.length === 0) {
    return <EmptyState headingLevel={3} title={t('passes.noneTitle')} text={t('passes.noneText')} />;
  }
  return (
    <ul className={styles.owned}>
      {passes.map((pass) => (
        <li key={pass.id} className={cx(styles.ownedItem, pass.status !== 'active' && styles.inactive)}>
          <div className={styles.ownedHead}>
            <h3 className={styles.ownedTitle}>
              {t('passes.passOf', { count: pass.sessions_total })} · {t(`therapyType.${pass.therapy_type}`)}
            </h3>
            <span className={cx(styles.status, styles[`status_${pass.status}`])}>
              {t(`passes.status.${pass.status}`)}
            </span>
          </div>
          <p className={styles.perSession}>{t(`tier.${pass.tier}`)}</p>
          {pass.status === 'active' && (
            <Progress
              label={t('passes.left', { count: pass.sessions_left })}
              value={pass.sessions_total > 0 ? (pass.sessions_left / pass.sessions_total) * 100 : 0}
              valueText={t('passes.leftOf', { left: pass.sessions_left, total: pass.sessions_total })}
            />
          )}
          {pass.expires_at && (
            <p className={styles.perSession}>
              {t('passes.validUntil', { date: formatDate(pass.expires_at, timeZone) })}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
