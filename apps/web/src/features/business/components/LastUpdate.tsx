import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format.ts';
import styles from './BusinessTables.module.css';

/** Spec §9: «Данные обновлены dd.MM.yyyy в HH:mm» in the account's zone. */
export function LastUpdate({ at, timeZone }: { at: string | null; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <p className={styles.updated}>
      {at ? t('business.lastUpdate', { date: formatDateTime(at, timeZone) }) : t('business.neverUpdated')}
    </p>
  );
}
