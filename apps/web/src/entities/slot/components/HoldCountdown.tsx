import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../i18n/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import styles from './Slot.module.css';

/** «Время закреплено за вами ещё 14:32»: how long a held time stays the client's. */
export function HoldCountdown({ expiresAt, onExpire }: { expiresAt: string; onExpire?: () => void }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const left = Date.parse(expiresAt) - now;
  const expired = left <= 0;

  useEffect(() => {
    if (expired) onExpire?.();
  }, [expired, onExpire]);

  if (expired) return <p className={styles.holdExpired}>{t('booking.holdExpired')}</p>;
  return (
    <p className={styles.hold}>
      {t('booking.holdLeft')}{' '}
      <span role="timer" className={styles.clock}>
        {formatClock(left)}
      </span>
    </p>
  );
}
